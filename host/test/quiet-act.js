// The shell mounts remotes as parcels: separate React roots that render asynchronously, outside any act() of
// the test. Tests wait for what a person would see (findBy / waitFor), so React's "not wrapped in act" warning
// for those roots is noise; Testing Library still turns act on around its own render and events.
globalThis.IS_REACT_ACT_ENVIRONMENT = false;

// The console's screens render outside any act() of the test in places (the session check on mount, toasts):
// tests wait for what an operator would see (findBy / waitFor), as the host's do.
globalThis.IS_REACT_ACT_ENVIRONMENT = false;

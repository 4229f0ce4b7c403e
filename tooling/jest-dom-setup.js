require('@testing-library/jest-dom');
const { configure } = require('@testing-library/react');

// findBy…/waitFor give up after this long. Testing Library's default (1 s) is a statement about the machine's
// speed: with a worker per core on a loaded two-core machine a screen can take longer than that to answer its
// mocked reads, and the test fails though the screen is right. What never appears still fails, five seconds on.
configure({ asyncUtilTimeout: 5000 });

module.exports = require('../tooling/jest.frontend.js')(__dirname, 'shared');

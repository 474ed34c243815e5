// cucumber-js loads formatters with import(), which cannot load TypeScript: this CommonJS shim
// loads the TypeScript formatter through ts-node (registered by the profile's requireModule).
require('ts-node/register/transpile-only');
module.exports = require('./progress-formatter.ts').default;

// Build-time checks of the contracts between the parts: what a remote imports, and that the API types stay types.
const path = require('node:path');
const { CARRIED_BY_SHARED, packageNameOf } = require('./shared-modules');

const repoRoot = path.join(__dirname, '..', '..');
const sharedSource = path.join(repoRoot, 'shared') + path.sep;

/** Fails a remote's build when its own source imports a library that must come through `@wallet/shared`. */
class SharedContractGuard {
  apply(compiler) {
    compiler.hooks.normalModuleFactory.tap('SharedContractGuard', (factory) => {
      factory.hooks.beforeResolve.tap('SharedContractGuard', (data) => {
        const issuer = data.contextInfo?.issuer;
        if (
          !issuer ||
          issuer.startsWith(sharedSource) ||
          issuer.includes(`${path.sep}node_modules${path.sep}`)
        )
          return;
        const request = data.request ?? '';
        if (request.startsWith('.') || request.startsWith('/')) return;
        if (!CARRIED_BY_SHARED.includes(packageNameOf(request))) return;
        throw new Error(
          `${path.relative(repoRoot, issuer)} imports '${request}' directly: a remote gets it from '@wallet/shared' ` +
            `(the page's one instance; see CARRIED_BY_SHARED in tooling/webpack/shared-modules.js)`,
        );
      });
    });
  }
}

const apiTypesSource = path.join(repoRoot, 'api-types') + path.sep;

/**
 * Fails any build that would bundle `@wallet/api-types`: the generated API types are imported with `import type`
 * only, which the compiler erases, so the package never reaches webpack and couples no two parts at run time.
 */
class TypesOnlyGuard {
  apply(compiler) {
    const refuse = (issuer, what) => {
      throw new Error(
        `${path.relative(repoRoot, issuer ?? '') || '(unknown)'} imports ${what} as a value: ` +
          `@wallet/api-types is types only, import it with \`import type\``,
      );
    };
    compiler.hooks.normalModuleFactory.tap('TypesOnlyGuard', (factory) => {
      factory.hooks.beforeResolve.tap('TypesOnlyGuard', (data) => {
        const request = data.request ?? '';
        if (request === '@wallet/api-types' || request.startsWith('@wallet/api-types/'))
          refuse(data.contextInfo?.issuer, `'${request}'`);
      });
      factory.hooks.afterResolve.tap('TypesOnlyGuard', (data) => {
        const resource = data.createData?.resource ?? '';
        if (resource.startsWith(apiTypesSource))
          refuse(data.contextInfo?.issuer, `'${path.relative(repoRoot, resource)}'`);
      });
    });
  }
}

module.exports = { SharedContractGuard, TypesOnlyGuard };

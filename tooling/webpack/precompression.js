const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');

/**
 * Every text file of a production build also as `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9),
 * which the server sends as they are to a browser that accepts them (@fastify/static `preCompressed`): smaller than
 * what it compresses on the fly per request (brotli 5, for speed) and no compression work per request. Files under
 * the server's own threshold (1 KiB), or that do not shrink by a fifth, are left alone.
 */
function precompression() {
  const test = /\.(?:m?js|css|json|svg|txt|webmanifest)$/;
  return [
    new CompressionPlugin({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test,
      compressionOptions: {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
      },
      threshold: 1024,
      minRatio: 0.8,
    }),
    new CompressionPlugin({
      filename: '[path][base].gz',
      algorithm: 'gzip',
      test,
      compressionOptions: { level: 9 },
      threshold: 1024,
      minRatio: 0.8,
    }),
  ];
}

module.exports = { precompression };

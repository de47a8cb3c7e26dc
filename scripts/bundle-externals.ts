// The packages the bundle (scripts/bundle.ts) leaves outside, loaded from node_modules at run time: the npm
// package of the command (scripts/pack.ts) carries them.
export const EXTERNAL = [
  // native, or reading their own files
  'sharp',
  'pdfkit',
  'fontkit',
  'dejavu-fonts-ttf',
  'xmllint-wasm',
  '@fastify/swagger-ui',
  'pg-native',
  // loaded when first used (a dynamic import or a require at the point of use)
  'pg',
  'file-type',
  'bwip-js',
];

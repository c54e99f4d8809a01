/**
 * The architecture's layers as import rules (eslint-plugin-import-x `no-restricted-paths`), shared by
 * eslint.config.js and the layering test that proves each rule bites on a fixture tree.
 * Paths are relative to the project root.
 */
export const layerZones = [
  {
    target: './src/core',
    from: './',
    except: ['./src/core', './node_modules'],
    message: 'src/core is shared by the client and the server: it may import only libraries and itself.',
  },
  {
    target: './src/engine',
    from: ['./src/custom', './server'],
    message: 'The engine knows nothing about hotels: hotel screens live in src/custom and are found through the registry.',
  },
  {
    target: './src/widgets',
    from: ['./src/engine/api', './src/engine/controllers'],
    message: 'Widgets never fetch: the engine hands them their data.',
  },
  {
    target: './src',
    from: './server',
    message: 'The client never imports server code; what both need lives in src/core.',
  },
  {
    target: './server',
    from: './src',
    except: ['./core'],
    message: 'The server imports nothing of the client but src/core.',
  },
  {
    target: ['./server/data', './server/reports', './server/meta', './server/http', './server/flows'],
    from: './server/domain',
    message: 'Generic server layers know nothing about hotels: domain modules register with them, not the other way round.',
  },
];

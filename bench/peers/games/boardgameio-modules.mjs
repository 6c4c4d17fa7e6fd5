// boardgame.io 0.50 ships CommonJS entry points in folders (boardgame.io/server, ...)
// without an exports map, which ESM imports cannot name: they are required instead.

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const core = require('boardgame.io/core');
export const server = () => require('boardgame.io/server');
export const client = () => require('boardgame.io/client');
export const multiplayer = () => require('boardgame.io/multiplayer');

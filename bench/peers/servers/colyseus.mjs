// The Colyseus server for the benchmark: the tic-tac-toe room, the default WebSocket
// transport, on loopback at the port in $PORT (0: any free port), printed on stdout.

import { Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';

import { ROOM_NAME, TicTacToeRoom } from '../games/colyseus.mjs';

const server = new Server({ transport: new WebSocketTransport(), greet: false });
server.define(ROOM_NAME, TicTacToeRoom);
await server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
const { port } = server.transport.server.address();
console.log(`listening on 127.0.0.1:${port}`);

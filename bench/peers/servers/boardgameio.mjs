// The boardgame.io server for the benchmark: the tic-tac-toe game, the Lobby REST API and
// socket.io on one port, in-memory storage (its default), on loopback at the port in $PORT
// (0: any free port), printed on stdout.

import { server as serverModule } from '../games/boardgameio-modules.mjs';
import { TicTacToe19 } from '../games/boardgameio.mjs';

const { Server } = serverModule();

const server = Server({ games: [TicTacToe19], origins: ['http://127.0.0.1'] });
// `run` listens on every interface; the benchmark's servers listen on loopback only.
const listen = server.app.listen.bind(server.app);
server.app.listen = (port, callback) => listen(port, '127.0.0.1', callback);
const { appServer } = await server.run({ port: Number(process.env.PORT ?? 0) });
console.log(`listening on 127.0.0.1:${appServer.address().port}`);

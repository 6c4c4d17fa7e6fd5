// The systems under test, each behind the same client interface, so that every load
// drives them with one design:
//
//   connect(address, variant) -> driver
//     driver.createGame()            -> game, both seats ready to move
//     driver.move(game, seat, cell)  -> { over }, once the system answered the move
//     driver.closeGame(game)         -> the seats' connections closed, where they have any
//     driver.createIdleGame()        -> a game that nobody joins or plays (idle load)
//     driver.health()                -> the cheapest call (Tabula only)
//     driver.close()
//   spectate(address, gameId, onMove(moveNumber), variant) -> { close() }, once following
//
// Modules load on first use, so that one system's broken install leaves the others running.

export const SYSTEM_NAMES = { tabula: 'Tabula', boardgameio: 'boardgame.io', colyseus: 'Colyseus' };

const modules = {
  tabula: () => import('./tabula.mjs'),
  boardgameio: () => import('./boardgameio.mjs'),
  colyseus: () => import('./colyseus.mjs'),
};

export async function loadSystem(system) {
  return modules[system]();
}

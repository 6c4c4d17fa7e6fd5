package tabula_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
)

// The lobby example, run as the README says: it runs a server on a SQLite file, seats two
// players, follows the game, handles a refusal by its reason, restarts the server mid-game,
// and exits 0 only when all of it held.
func TestTheLobbyExampleSurvivesARestart(t *testing.T) {
	cmd := exec.Command("go", "run", "../examples/lobby", testserver.Binary(t))
	output, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %v\n%s", cmd.Args, err, output)
	}
	for _, want := range []string{
		"created game ", "Alice in seat 1, Bob in seat 2",
		"Bob tried to move first: refused, NOT_YOUR_TURN",
		"server stopped mid-game",
		"retrying ListLegalMoves after Unavailable: attempt 2",
		"server started again on the same file",
		"game over after ",
		"spectator: event 1 game_created",
		"each once and in order",
		"\ndone\n",
	} {
		if !strings.Contains(string(output), want) {
			t.Errorf("the lobby's output lacks %q:\n%s", want, output)
		}
	}
}

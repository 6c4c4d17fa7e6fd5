package tabula_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
)

// The README's quick start, run as written against a real server: the address as its
// argument, then from TABULA_ADDR.
func TestQuickstartRunsAsTheReadmeSays(t *testing.T) {
	address := testserver.Start(t)
	byArgument := exec.Command("go", "run", "../examples/quickstart", address)
	byEnvironment := exec.Command("go", "run", "../examples/quickstart")
	byEnvironment.Env = append(os.Environ(), "TABULA_ADDR="+address)
	for _, cmd := range []*exec.Cmd{byArgument, byEnvironment} {
		output, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", cmd.Args, err, output)
		}
		for _, want := range []string{"created GAME_KIND_CONNECT_FOUR game", "seq 2, seat [2] to act", "Red again: NOT_YOUR_TURN", "event 2: move_applied, 1 moves made"} {
			if !strings.Contains(string(output), want) {
				t.Errorf("the quick start's output lacks %q:\n%s", want, output)
			}
		}
	}
}

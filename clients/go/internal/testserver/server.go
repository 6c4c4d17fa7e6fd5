// Package testserver runs a real `tabula serve` for the client's tests, and a loopback
// proxy whose connections a test can cut to simulate a network failure.
package testserver

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// RepoRoot is the repository root: the nearest parent of the working directory with a
// proto/tabula directory.
func RepoRoot(t testing.TB) string {
	t.Helper()
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if info, err := os.Stat(filepath.Join(dir, "proto", "tabula")); err == nil && info.IsDir() {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no repository root (a directory with proto/tabula) above the working directory")
		}
		dir = parent
	}
}

// Binary is the server binary: $TABULA_BIN, else target/debug/tabula in the repository.
func Binary(t testing.TB) string {
	t.Helper()
	binary, err := binaryPath()
	if err != nil {
		t.Fatal(err)
	}
	return binary
}

func binaryPath() (string, error) {
	if binary := os.Getenv("TABULA_BIN"); binary != "" {
		return binary, nil
	}
	root, err := repoRoot()
	return filepath.Join(root, "target", "debug", "tabula"), err
}

// startTimeout bounds how long the server may take to print its address.
const startTimeout = 30 * time.Second

// Start runs `tabula serve` on an ephemeral loopback port and returns its address. Its store
// is in memory, so every server starts empty (request ids of earlier runs find nothing) and
// leaves no file behind. The server is stopped when the test ends.
func Start(t testing.TB) string {
	t.Helper()
	return StartWith(t)
}

// StartWith is [Start] with more arguments for `tabula serve` (for example its TLS flags).
func StartWith(t testing.TB, args ...string) string {
	t.Helper()
	cmd, address := serve(t, append([]string{"--listen", "127.0.0.1:0", "--store", "memory"}, args...)...)
	t.Cleanup(func() { halt(cmd, os.Kill) })
	return address
}

// Restartable is a `tabula serve` whose store is a SQLite file, which a test may stop and
// start again on the same address and the same file, as an operator restarts a server.
type Restartable struct {
	// Address is where the server listens, the same after every start.
	Address string
	t       testing.TB
	store   string
	cmd     *exec.Cmd
}

// StartRestartable runs `tabula serve` on an ephemeral loopback port with a SQLite file in
// the test's temporary directory. The server is stopped when the test ends.
func StartRestartable(t testing.TB) *Restartable {
	t.Helper()
	s := &Restartable{t: t, store: "sqlite:" + filepath.Join(t.TempDir(), "tabula.db")}
	s.cmd, s.Address = serve(t, "--listen", "127.0.0.1:0", "--store", s.store)
	t.Cleanup(func() {
		if s.cmd != nil {
			halt(s.cmd, os.Kill)
		}
	})
	return s
}

// Stop stops the server as an operator does (SIGTERM: it ends its streams and exits) and
// waits for it to exit.
func (s *Restartable) Stop() {
	s.t.Helper()
	if s.cmd == nil {
		s.t.Fatal("testserver: Stop of a server that is not running")
	}
	halt(s.cmd, syscall.SIGTERM)
	s.cmd = nil
}

// Start starts the stopped server again, on its address and its file.
func (s *Restartable) Start() {
	s.t.Helper()
	if s.cmd != nil {
		s.t.Fatal("testserver: Start of a server that is running")
	}
	s.cmd, _ = serve(s.t, "--listen", s.Address, "--store", s.store)
}

// halt signals cmd and waits for it to exit.
func halt(cmd *exec.Cmd, signal os.Signal) {
	_ = cmd.Process.Signal(signal)
	_ = cmd.Wait()
}

// StartShared runs `tabula serve` with an in-memory store on an ephemeral loopback port for
// code that has no test of its own to stop it with (the package's examples): the caller
// stops it with stop. The binary is [Binary]'s.
func StartShared() (address string, stop func(), err error) {
	binary, err := binaryPath()
	if err != nil {
		return "", nil, err
	}
	cmd, address, err := launch(binary, "--listen", "127.0.0.1:0", "--store", "memory")
	if err != nil {
		return "", nil, err
	}
	return address, func() { halt(cmd, os.Kill) }, nil
}

// serve runs `tabula serve` with args and returns it once it prints the address it listens
// on. The caller stops it.
func serve(t testing.TB, args ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd, address, err := launch(Binary(t), args...)
	if err != nil {
		t.Fatal(err)
	}
	return cmd, address
}

// launch runs `binary serve` with args and returns it once it prints the address it listens
// on; on failure it leaves nothing running.
func launch(binary string, args ...string) (*exec.Cmd, string, error) {
	cmd := exec.Command(binary, append([]string{"serve"}, args...)...)
	cmd.Stderr = io.Discard
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", fmt.Errorf("start %s: %w (set TABULA_BIN to the server binary)", cmd.Path, err)
	}
	addresses := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(stdout)
		for lines.Scan() {
			if address, ok := strings.CutPrefix(lines.Text(), "listening on "); ok {
				addresses <- address
				break
			}
		}
		// Keep draining so the server never blocks on a full pipe.
		_, _ = io.Copy(io.Discard, stdout)
	}()
	select {
	case address := <-addresses:
		return cmd, address, nil
	case <-time.After(startTimeout):
		halt(cmd, os.Kill)
		return nil, "", fmt.Errorf("%s printed no `listening on` line within %s", cmd.Path, startTimeout)
	}
}

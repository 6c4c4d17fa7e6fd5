// Package testserver runs a real `tabula serve` for the client's tests, and a loopback
// proxy whose connections a test can cut to simulate a network failure.
package testserver

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// RepoRoot is the repository root: the nearest parent of the working directory with a
// proto/tabula directory.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if info, err := os.Stat(filepath.Join(dir, "proto", "tabula")); err == nil && info.IsDir() {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no repository root (a directory with proto/tabula) above the working directory")
		}
		dir = parent
	}
}

// Binary is the server binary: $TABULA_BIN, else target/debug/tabula in the repository.
func Binary(t testing.TB) string {
	t.Helper()
	if bin := os.Getenv("TABULA_BIN"); bin != "" {
		return bin
	}
	return filepath.Join(RepoRoot(t), "target", "debug", "tabula")
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
	cmd := exec.Command(Binary(t), append([]string{"serve", "--listen", "127.0.0.1:0", "--store", "memory"}, args...)...)
	cmd.Stderr = io.Discard
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v (set TABULA_BIN to the server binary)", cmd.Path, err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
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
		return address
	case <-time.After(startTimeout):
		t.Fatalf("%s printed no `listening on` line within %s", cmd.Path, startTimeout)
		return ""
	}
}

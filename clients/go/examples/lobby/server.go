package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// server is the `tabula serve` this example runs on a SQLite file in a temporary folder,
// which it stops and starts again on the same address and file, as an operator restarts
// a server.
type server struct {
	binary, folder, store, address string
	process                        *exec.Cmd
	// restarted is closed once a restart has started the server again (or failed to).
	restarted chan struct{}
}

// startServer runs the server binary on a free loopback port.
func startServer(binary string) (*server, error) {
	folder, err := os.MkdirTemp("", "tabula-lobby-")
	if err != nil {
		return nil, err
	}
	s := &server{binary: binary, folder: folder, store: "sqlite:" + filepath.Join(folder, "lobby.db")}
	if err := s.start("127.0.0.1:0"); err != nil {
		return nil, err
	}
	fmt.Printf("server listening on %s, store %s\n", s.address, filepath.Base(s.store))
	return s, nil
}

// start runs the server on listen and waits for the address it prints.
func (s *server) start(listen string) error {
	process := exec.Command(s.binary, "serve", "--store", s.store, "--listen", listen)
	stdout, err := process.StdoutPipe()
	if err != nil {
		return err
	}
	if err := process.Start(); err != nil {
		return err
	}
	lines := bufio.NewScanner(stdout)
	for lines.Scan() {
		if address, ok := strings.CutPrefix(lines.Text(), "listening on "); ok {
			s.address, s.process = address, process
			go func() { _, _ = io.Copy(io.Discard, stdout) }()
			return nil
		}
	}
	_ = process.Wait()
	return fmt.Errorf("%s serve printed no address", s.binary)
}

// restart stops the server, and starts it again on its address and file after a pause.
func (s *server) restart(pause time.Duration) {
	s.halt()
	fmt.Println("server stopped mid-game")
	s.restarted = make(chan struct{})
	go func() {
		defer close(s.restarted)
		time.Sleep(pause)
		if err := s.start(s.address); err != nil {
			fmt.Fprintln(os.Stderr, "lobby: restart:", err)
			return
		}
		fmt.Println("server started again on the same file")
	}()
}

// halt stops the server as an operator does (SIGTERM) and waits for it to exit.
func (s *server) halt() {
	_ = s.process.Process.Signal(syscall.SIGTERM)
	_ = s.process.Wait()
}

// stop stops the server for good, once any restart is over, and removes its folder.
func (s *server) stop() {
	if s.restarted != nil {
		<-s.restarted
	}
	s.halt()
	_ = os.RemoveAll(s.folder)
}

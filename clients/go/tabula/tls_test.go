package tabula_test

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
)

// makeCertificates makes, with openssl, a CA and a certificate for 127.0.0.1 that it signs,
// and returns the paths of the CA's certificate and of the server's certificate and key.
func makeCertificates(t *testing.T) (caPath, certPath, keyPath string) {
	t.Helper()
	if _, err := exec.LookPath("openssl"); err != nil {
		t.Fatal("openssl is needed to make the test's certificates")
	}
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	if err := os.WriteFile(at("server.ext"), []byte("subjectAltName=IP:127.0.0.1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ec := []string{"-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"}
	for _, args := range [][]string{
		append([]string{"req", "-x509", "-days", "1", "-subj", "/CN=Tabula test CA", "-keyout", at("ca.key"), "-out", at("ca.pem")}, ec...),
		append([]string{"req", "-subj", "/CN=127.0.0.1", "-keyout", at("server.key"), "-out", at("server.csr")}, ec...),
		{"x509", "-req", "-days", "1", "-in", at("server.csr"), "-CA", at("ca.pem"), "-CAkey", at("ca.key"),
			"-CAcreateserial", "-extfile", at("server.ext"), "-out", at("server.pem")},
	} {
		if output, err := exec.Command("openssl", args...).CombinedOutput(); err != nil {
			t.Fatalf("openssl %v: %v\n%s", args, err, output)
		}
	}
	return at("ca.pem"), at("server.pem"), at("server.key")
}

func TestTLSWithACustomCA(t *testing.T) {
	caPath, certPath, keyPath := makeCertificates(t)
	address := testserver.StartWith(t, "--tls-cert", certPath, "--tls-key", keyPath)
	caPEM, err := os.ReadFile(caPath)
	if err != nil {
		t.Fatal(err)
	}
	ctx := testContext(t)

	client := dial(t, address, tabula.WithCA(caPEM))
	if kinds, err := client.ListGameKinds(ctx); err != nil || len(kinds) == 0 {
		t.Fatalf("over TLS: %v, %v", kinds, err)
	}
	roots := x509.NewCertPool()
	roots.AppendCertsFromPEM(caPEM)
	same := dial(t, address, tabula.WithTLS(&tls.Config{RootCAs: roots, MinVersion: tls.VersionTLS12}))
	if _, err := same.ListGameKinds(ctx); err != nil {
		t.Fatalf("over TLS with a tls.Config: %v", err)
	}

	// Neither the system's roots nor plaintext reach it.
	for name, opts := range map[string][]tabula.Option{"system roots": {tabula.WithTLS(nil)}, "plaintext": nil} {
		short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		client, err := tabula.Dial(short, address, opts...)
		cancel()
		if err == nil || !errors.Is(err, context.DeadlineExceeded) {
			_ = client.Close()
			t.Fatalf("%s: connected (%v)", name, err)
		}
	}
}

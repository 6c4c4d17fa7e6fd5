package tabula_test

import (
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// retyped is opts as options of type T, for a test that hands the same options to two calls
// with option types of their own. Every option's concrete type has the marker of every call,
// so the conversion holds for options that both calls take.
func retyped[T, S any](opts ...S) []T {
	out := make([]T, len(opts))
	for i, opt := range opts {
		out[i] = any(opt).(T)
	}
	return out
}

// Each call takes options of its own type, so an option the call does not take is a compile
// error, not a refusal at run time: every line of testdata/wrongoptions marked `// want` fails
// to compile, for that reason, and no other line does.
func TestAnOptionACallDoesNotTakeDoesNotCompile(t *testing.T) {
	const source = "testdata/wrongoptions/main.go"
	text, err := os.ReadFile(source)
	if err != nil {
		t.Fatal(err)
	}
	var want []int
	for i, line := range strings.Split(string(text), "\n") {
		if strings.HasSuffix(line, "// want") {
			want = append(want, i+1)
		}
	}
	// -e reports every error, not the first ten.
	output, err := exec.Command("go", "build", "-gcflags=-e", "-o", os.DevNull, "./testdata/wrongoptions").CombinedOutput()
	if err == nil {
		t.Fatal("testdata/wrongoptions compiled")
	}
	var got []int
	errorLine := regexp.MustCompile(`^` + regexp.QuoteMeta(source) + `:(\d+):\d+: (.*)$`)
	for _, line := range strings.Split(string(output), "\n") {
		match := errorLine.FindStringSubmatch(line)
		if match == nil {
			continue
		}
		number, _ := strconv.Atoi(match[1])
		got = append(got, number)
		if !strings.Contains(match[2], "does not implement tabula.") {
			t.Errorf("line %d fails for another reason: %s", number, match[2])
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("compile errors on lines %v, want %v:\n%s", got, want, output)
	}
}

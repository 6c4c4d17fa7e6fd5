package conformance

import "testing"

func decode(t *testing.T, text string) any {
	t.Helper()
	value, err := Decode([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return value
}

func TestMatchRules(t *testing.T) {
	cases := []struct {
		expected, actual string
		matches          bool
	}{
		{`{"a": 1}`, `{"a": 1, "b": 2}`, true},
		{`{"a": 1}`, `{"a": 2}`, false},
		{`{"seq": "2"}`, `{"seq": 2}`, false},
		{`{"a": null}`, `{"b": 1}`, true},
		{`{"a": null}`, `{"a": 0}`, false},
		{`[1, 2]`, `[1, 2]`, true},
		{`[1]`, `[1, 2]`, false},
		{`{"l": []}`, `{}`, true},
		{`{"$contains": [2]}`, `[1, 2, 3]`, true},
		{`{"$contains": [4]}`, `[1, 2, 3]`, false},
		{`{"$excludes": "SHIP", "w": 1}`, `{"w": 1, "cells": [{"p": "HIT"}]}`, true},
		{`{"$excludes": "SHIP"}`, `{"cells": [{"p": "SHIP"}]}`, false},
		{`{"$excludes": "SHIP"}`, `{"SHIP": 1}`, true},
		{`{"$excludes": "SHIP"}`, `null`, true},
	}
	for _, c := range cases {
		problem := Match(decode(t, c.expected), decode(t, c.actual), "$")
		if (problem == "") != c.matches {
			t.Errorf("Match(%s, %s) = %q, want match %v", c.expected, c.actual, problem, c.matches)
		}
	}
}

func TestSubstitution(t *testing.T) {
	saved := map[string]any{"g": decode(t, `{"game": {"gameId": "x1", "seq": "3"}, "tokens": [{"t": "a"}, {"t": "b"}]}`)}
	got, err := Substitute(decode(t, `{"id": "${g.game.gameId}", "t": "${g.tokens[1].t}", "s": "seq ${g.game.seq}!", "o": "${g.game}"}`), saved)
	if err != nil {
		t.Fatal(err)
	}
	want := decode(t, `{"id": "x1", "t": "b", "s": "seq 3!", "o": {"gameId": "x1", "seq": "3"}}`)
	if problem := Match(want, got, "$"); problem != "" {
		t.Fatal(problem)
	}
	if _, err := Substitute("${nothing.here}", saved); err == nil {
		t.Fatal("a reference to nothing saved substituted")
	}
	if _, err := Substitute("${g.tokens[5].t}", saved); err == nil {
		t.Fatal("a reference past a list's end substituted")
	}
}

// Package conformance reads the shared client conformance scenario
// (clients/conformance/scenario.json) and implements its substitution and matching rules,
// as its README in that directory specifies.
package conformance

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// Version is the scenario format this runner understands.
const Version = 1

// Scenario is the whole file.
type Scenario struct {
	Version int    `json:"version"`
	Steps   []Step `json:"steps"`
}

// Step is one call and what it must answer.
type Step struct {
	Name         string          `json:"name"`
	Call         string          `json:"call"`
	Credential   *string         `json:"credential"`
	Request      json.RawMessage `json:"request"`
	Save         string          `json:"save"`
	Expect       json.RawMessage `json:"expect"`
	ExpectStream json.RawMessage `json:"expect_stream"`
	ExpectEnd    bool            `json:"expect_end"`
	ExpectError  json.RawMessage `json:"expect_error"`
}

// ExpectedError is the shape of `expect_error` after substitution.
type ExpectedError struct {
	Code     string            `json:"code"`
	Reason   string            `json:"reason"`
	Metadata map[string]string `json:"metadata"`
}

// Load reads and checks a scenario file.
func Load(path string) (*Scenario, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var scenario Scenario
	decoder := json.NewDecoder(strings.NewReader(string(data)))
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(&scenario); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if scenario.Version != Version {
		return nil, fmt.Errorf("%s: scenario version %d, this runner knows %d", path, scenario.Version, Version)
	}
	return &scenario, nil
}

// Decode parses raw JSON into plain values (map[string]any, []any, string, float64, bool,
// nil); an empty raw message is nil.
func Decode(raw []byte) (any, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	var value any
	if err := json.Unmarshal(raw, &value); err != nil {
		return nil, err
	}
	return value, nil
}

var reference = regexp.MustCompile(`\$\{([^}]+)\}`)

// Substitute replaces every ${NAME.PATH} in the strings of value by what saved holds there.
func Substitute(value any, saved map[string]any) (any, error) {
	switch v := value.(type) {
	case string:
		if m := reference.FindStringSubmatch(v); m != nil && m[0] == v {
			return lookup(m[1], saved)
		}
		var failure error
		replaced := reference.ReplaceAllStringFunc(v, func(ref string) string {
			found, err := lookup(ref[2:len(ref)-1], saved)
			if err != nil {
				failure = err
				return ""
			}
			if s, ok := found.(string); ok {
				return s
			}
			text, _ := json.Marshal(found)
			return string(text)
		})
		return replaced, failure
	case map[string]any:
		out := make(map[string]any, len(v))
		for key, item := range v {
			substituted, err := Substitute(item, saved)
			if err != nil {
				return nil, err
			}
			out[key] = substituted
		}
		return out, nil
	case []any:
		out := make([]any, len(v))
		for i, item := range v {
			substituted, err := Substitute(item, saved)
			if err != nil {
				return nil, err
			}
			out[i] = substituted
		}
		return out, nil
	default:
		return value, nil
	}
}

var pathToken = regexp.MustCompile(`^([^.\[\]]+)((?:\[\d+\])*)$`)

// lookup resolves "name.field.list[0].field" in saved.
func lookup(path string, saved map[string]any) (any, error) {
	parts := strings.Split(path, ".")
	current, ok := saved[parts[0]]
	if !ok {
		return nil, fmt.Errorf("scenario error: ${%s} names nothing saved", path)
	}
	for _, part := range parts[1:] {
		m := pathToken.FindStringSubmatch(part)
		if m == nil {
			return nil, fmt.Errorf("scenario error: ${%s} is not a path", path)
		}
		object, ok := current.(map[string]any)
		if current, ok = object[m[1]]; !ok {
			return nil, fmt.Errorf("scenario error: ${%s}: no %q", path, m[1])
		}
		for _, index := range regexp.MustCompile(`\d+`).FindAllString(m[2], -1) {
			i, _ := strconv.Atoi(index)
			list, ok := current.([]any)
			if !ok || i >= len(list) {
				return nil, fmt.Errorf("scenario error: ${%s}: no element %d", path, i)
			}
			current = list[i]
		}
	}
	return current, nil
}

// Match reports where actual differs from expected under the scenario's matching rules, or
// "" when it matches. at is the JSON path of the values, for the report.
func Match(expected, actual any, at string) string {
	switch e := expected.(type) {
	case nil:
		if actual != nil {
			return fmt.Sprintf("%s: expected absent, got %s", at, show(actual))
		}
		return ""
	case map[string]any:
		if contains, ok := e["$contains"]; ok && len(e) == 1 {
			return matchContains(contains, actual, at)
		}
		if excluded, ok := e["$excludes"]; ok && occurs(excluded, actual) {
			return fmt.Sprintf("%s: %s occurs in %s", at, show(excluded), show(actual))
		}
		object, ok := actual.(map[string]any)
		if !ok && actual != nil {
			return fmt.Sprintf("%s: expected an object, got %s", at, show(actual))
		}
		for key, want := range e {
			if key == "$excludes" {
				continue
			}
			if problem := Match(want, object[key], at+"."+key); problem != "" {
				return problem
			}
		}
		return ""
	case []any:
		list, ok := actual.([]any)
		if !ok && actual != nil {
			return fmt.Sprintf("%s: expected a list, got %s", at, show(actual))
		}
		if len(list) != len(e) {
			return fmt.Sprintf("%s: expected %d elements, got %d: %s", at, len(e), len(list), show(actual))
		}
		for i := range e {
			if problem := Match(e[i], list[i], fmt.Sprintf("%s[%d]", at, i)); problem != "" {
				return problem
			}
		}
		return ""
	default:
		if expected != actual {
			return fmt.Sprintf("%s: expected %s, got %s", at, show(expected), show(actual))
		}
		return ""
	}
}

func matchContains(contains, actual any, at string) string {
	wanted, ok := contains.([]any)
	if !ok {
		return fmt.Sprintf("%s: scenario error: $contains holds no list", at)
	}
	list, ok := actual.([]any)
	if !ok && actual != nil {
		return fmt.Sprintf("%s: expected a list, got %s", at, show(actual))
	}
	for i, want := range wanted {
		found := false
		for j := range list {
			if Match(want, list[j], at) == "" {
				found = true
				break
			}
		}
		if !found {
			return fmt.Sprintf("%s: no element matches $contains[%d] %s", at, i, show(want))
		}
	}
	return ""
}

// occurs tells whether the scalar needle is a value anywhere in haystack.
func occurs(needle, haystack any) bool {
	switch h := haystack.(type) {
	case map[string]any:
		for _, item := range h {
			if occurs(needle, item) {
				return true
			}
		}
		return false
	case []any:
		for _, item := range h {
			if occurs(needle, item) {
				return true
			}
		}
		return false
	default:
		return haystack != nil && haystack == needle
	}
}

func show(value any) string {
	text, err := json.Marshal(value)
	if err != nil {
		return fmt.Sprint(value)
	}
	if len(text) > 300 {
		return string(text[:300]) + "..."
	}
	return string(text)
}

package solver

import "testing"

// TestCharAt checks how a character of a bad position is named: its place
// counted in characters, not bytes, and the character itself, never a
// lone byte of it.
func TestCharAt(t *testing.T) {
	for _, tc := range []struct {
		text string
		i    int
		want string
	}{
		{"..P.X", 4, "character 5 is 'X'"},
		{"..P…P", 3, "character 4 is '…' (U+2026)"},
		{"…P.X", 5, "character 4 is 'X'"},
		{"é.X", 3, "character 3 is 'X'"},
		{"３ 4", 0, "character 1 is '３' (U+FF13, the full-width form of '3')"},
		{"4\u00a05", 1, "character 2 is a no-break space (U+00A0)"},
		{"01\u200b1", 2, "character 3 is a zero-width space (U+200B)"},
		{"1\t2", 1, "character 2 is a tab"},
		{"1\x072", 1, "character 2 is an invisible character, U+0007"},
		{"..\xffP", 2, "character 3 is byte 0xff, which is not UTF-8 text"},
	} {
		if got := CharAt(tc.text, tc.i); got != tc.want {
			t.Errorf("CharAt(%q, %d) = %q, want %q", tc.text, tc.i, got, tc.want)
		}
	}
}

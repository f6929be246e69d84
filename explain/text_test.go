package explain

import (
	"strings"
	"testing"
)

// TestListsWriteOnlyWhatTheyShow checks the caps: a list of a million
// items shows MaxItems of them and writes no more.
func TestListsWriteOnlyWhatTheyShow(t *testing.T) {
	written := 0
	l := List{N: 1_000_000, Item: func(i int) string { written++; return "x" }}
	if got, want := Inline(l, Options{MaxItems: 3}), "x, x, x, … and 999997 more"; got != want {
		t.Errorf("Inline = %q, want %q", got, want)
	}
	if written != 3 {
		t.Errorf("wrote %d items for 3 shown", written)
	}
	if got, want := Bullets(Ints([]int{1, 2}), Options{}), "- 1.\n- 2."; got != want {
		t.Errorf("Bullets = %q, want %q", got, want)
	}
}

func TestXorSentence(t *testing.T) {
	for _, tc := range []struct {
		vals []int
		want string
	}{
		{nil, "nothing to XOR"},
		{[]int{5}, "that value: **5**"},
		{[]int{2, 3}, "`10` xor `11` = `01`, so the XOR is **1**"},
		{[]int{1, 2, 3, 4, 5, 6, 7, 8, 9}, "these 9 values is **1**"},
	} {
		if got := XorSentence(tc.vals); !strings.Contains(got, tc.want) {
			t.Errorf("XorSentence(%v) = %q, want it to contain %q", tc.vals, got, tc.want)
		}
	}
}

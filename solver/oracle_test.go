package solver

import "testing"

func TestBetter(t *testing.T) {
	for _, tc := range []struct {
		a, b Value
		want bool
	}{
		{Value{Win, 5}, Value{Tie, 1}, true},
		{Value{Win, 3}, Value{Win, 5}, true},
		{Value{Tie, 2}, Value{Tie, 4}, true},
		{Value{Loss, 6}, Value{Loss, 2}, true},
		{Value{Loss, 2}, Value{Loss, 6}, false},
		{Value{Win, 3}, Value{Win, 3}, false},
	} {
		if got := Better(tc.a, tc.b); got != tc.want {
			t.Errorf("Better(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

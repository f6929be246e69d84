package solver

import "testing"

func TestValueBetter(t *testing.T) {
	order := []Value{{Win, 1}, {Win, 3}, {Tie, 2}, {Tie, 4}, {Loss, 5}, {Loss, 1}, {Loss, 0}}
	for i, v := range order {
		for j, w := range order {
			if got, want := v.Better(w), i < j; got != want {
				t.Errorf("%v.Better(%v) = %v, want %v", v, w, got, want)
			}
		}
	}
}

package gametest

import "testing"

func TestComplete(t *testing.T) {
	tests := []struct {
		body string
		want bool
	}{
		{"A sentence.", true},
		{"**Dee wins**.", true},
		{"Really?", true},
		{"(an aside)", true},
		{"- a list item.\n", true},
		{"Cut mid", false},
		{"- `010` → `01`", false},
		{"", false},
	}
	for _, tt := range tests {
		t.Run(tt.body, func(t *testing.T) {
			if got := complete(tt.body); got != tt.want {
				t.Errorf("complete(%q) = %v, want %v", tt.body, got, tt.want)
			}
		})
	}
}

package commands

import (
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestUsesStore(t *testing.T) {
	top := func(name string) *discordgo.Interaction {
		return &discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, Data: discordgo.ApplicationCommandInteractionData{Name: name}}
	}
	tests := []struct {
		name string
		i    *discordgo.Interaction
		want bool
	}{
		{"solve", command(student, "adapwns", "solve", "position", "..P"), false},
		{"hint", command(student, "adapwns", "hint", "position", "..P"), false},
		{"moves", command(student, "adapwns", "moves", "position", "..P"), false},
		{"why", command(student, "adapwns", "why", "position", "..P", "move", "3 2"), false},
		{"verify", command(student, "adapwns", "verify", "position", "..P"), false},
		{"play stores the game", command(student, "adapwns", "play", "position", "..P"), true},
		{"help", top("help"), false},
		{"check", top("check"), false},
		{"practice", top("practice"), true},
		{"progress", top("progress"), true},
		{"export", top("export"), true},
		{"a hint ladder's click", click(student, hintPrefix+":x", nil), false},
		{"a card's click", click(student, cardPrefix+":x", nil), false},
		{"a practice answer", click(student, pracPrefix+":m:x", nil), true},
		{"a move in a game", click(student, playPrefix+":x", nil), true},
		{"a typed practice answer", submit(student, pracPrefix+":s:x", "3 2", nil), true},
		{"duel", top("duel"), true},
		{"a duel's button", click(student, duelPrefix+":accept:x:0", nil), true},
		{"a typed duel move", submit(student, duelPrefix+":s:x:1", "3 2", nil), true},
		{"session", top("session"), true},
		{"a session's button", click(student, sessPrefix+":x", nil), true},
	}
	for _, tt := range tests {
		if got := usesStore(tt.i); got != tt.want {
			t.Errorf("%s: usesStore = %v, want %v", tt.name, got, tt.want)
		}
	}
}

package discordx

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestEphemeral checks the one private-message constructor the command
// handlers and the transports share: a new message, seen only by the
// person who asked, whose mentions ping nobody.
func TestEphemeral(t *testing.T) {
	r := Ephemeral("<@42> has left the game")
	if r.Type != discordgo.InteractionResponseChannelMessageWithSource {
		t.Errorf("type %v, want a new message (%v)", r.Type, discordgo.InteractionResponseChannelMessageWithSource)
	}
	if r.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Errorf("flags %v, want the ephemeral flag", r.Data.Flags)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `"allowed_mentions":{"parse":[]`; !strings.Contains(got, want) {
		t.Errorf("JSON %s, want it to hold %s so that the mention pings nobody", got, want)
	}
}

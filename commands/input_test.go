package commands

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
)

// rawOption builds an option as Discord's JSON would decode it.
func rawOption(name string, typ discordgo.ApplicationCommandOptionType, value any) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: typ, Value: value}
}

// withOptions is /game sub with exactly the given options.
func withOptions(game, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	i := command(student, game, sub)
	d := i.Data.(discordgo.ApplicationCommandInteractionData)
	d.Options[0].Options = opts
	i.Data = d
	return i
}

const generic = "Something went wrong"

// TestBadInputGetsASpecificMessage sends every kind of bad input the
// router can get and checks each gets its own ephemeral message that says
// what is wrong, never the generic one kept for bugs.
func TestBadInputGetsASpecificMessage(t *testing.T) {
	r, clock := newTestRouter(t)
	str, boolean := discordgo.ApplicationCommandOptionString, discordgo.ApplicationCommandOptionBoolean
	game := r.Handle(context.Background(), command(student, "adapwns", "play", optPosition, "..P.P"))
	buttons, menus := allControls(t, game)
	msg := message(game, clock.t)
	typeMove := buttons[len(buttons)-1].CustomID
	form := r.Handle(context.Background(), click(student, typeMove, msg))
	if form.Type != discordgo.InteractionResponseModal {
		t.Fatalf("Type a move opened %v, want a modal", form.Type)
	}
	submitID := form.Data.CustomID
	tamper := func(id string) string {
		return id[:len(id)-1] + string("AB"[(strings.IndexByte("AB", id[len(id)-1])+1)%2])
	}

	tests := []struct {
		name string
		i    *discordgo.Interaction
		want string // a substring of the message
	}{
		{"option value a number where text belongs", withOptions("adapwns", "solve", rawOption(optPosition, str, 42.0)),
			"option `position`: it should be text, but Discord sent a number"},
		{"option value text where true or false belongs", withOptions("adapwns", "play", rawOption(optPosition, str, "..P.P"), rawOption(optBotFirst, boolean, "yes")),
			"option `bot_first`: it should be true or false, but Discord sent text"},
		{"option value a list", withOptions("adapwns", "solve", rawOption(optPosition, str, []any{"..P"})),
			"option `position`: it should be text, but Discord sent a list"},
		{"null option value", withOptions("adapwns", "solve", rawOption(optPosition, str, nil)),
			"option `position`: it has no value (Discord sent null)"},
		{"missing required option", withOptions("adapwns", "solve"),
			"give the position as text (position) or upload it as a text file (position_file)"},
		{"missing first player", withOptions("binim2", "solve", rawOption(optPosition, str, "010")),
			"option `first`: it is missing"},
		{"unknown option", withOptions("adapwns", "solve", rawOption(optPosition, str, "..P.P"), rawOption("colour", str, "red")),
			`/adapwns solve has no option "colour"`},
		{"option given twice", withOptions("adapwns", "solve", rawOption(optPosition, str, "..P.P"), rawOption(optPosition, str, "P")),
			"option `position`: it is given twice"},
		{"option of another option type", withOptions("adapwns", "solve", rawOption(optPosition, discordgo.ApplicationCommandOptionInteger, 5.0)),
			"option `position`: Discord sent it as an option of type 4, but it is text (type 3)"},
		{"unknown subcommand", command(student, "adapwns", "explode", optPosition, "..P.P"),
			`/adapwns has no subcommand "explode"`},
		{"no subcommand", &discordgo.Interaction{ID: "5", Type: discordgo.InteractionApplicationCommand, Token: "t", Data: discordgo.ApplicationCommandInteractionData{Name: "adapwns"}},
			"/adapwns needs one subcommand: solve, hint, play, verify"},
		{"unknown command", command(student, "chess", "solve", optPosition, "e4"),
			"nimtutor has no command /chess"},
		{"command without data", &discordgo.Interaction{ID: "5", Type: discordgo.InteractionApplicationCommand, Token: "t"},
			"the command carries no data"},
		{"unknown custom_id", click(student, "zzz:1", msg),
			"this control is from an older version of nimtutor"},
		{"tampered custom_id", click(student, tamper(menus[0].CustomID), msg, "5 4"),
			"the button's data is damaged"},
		{"tampered hint custom_id", click(student, "hint:adapwns:2:p0.0.0.AAAA~AAAAAAAA", msg),
			"the button's data is damaged"},
		{"menu choice that is not a move", click(student, menus[0].CustomID, msg, "castle"),
			`the menu's choice "castle" is not a move`},
		{"menu with no choice", click(student, menus[0].CustomID, msg),
			"pick one move from the menu (Discord sent 0)"},
		// A move that cannot be played re-shows the board with what was
		// wrong, so the game goes on ("board: " marks these).
		{"illegal move from the form", submit(student, submitID, "1 5", msg),
			"board: Move:"},
		{"typed move that is not two numbers", submit(student, submitID, "left", msg),
			`board: "left" is not two numbers`},
		{"form without its move field", func() *discordgo.Interaction {
			i := submit(student, submitID, "", msg)
			i.Data = discordgo.ModalSubmitInteractionData{CustomID: submitID, Components: []discordgo.MessageComponent{&discordx.Label{Component: &discordgo.TextInput{CustomID: "other", Value: "5 4"}}}}
			return i
		}(), "board: the form came back without its move field"},
		{"unknown modal", submit(student, "zzz", "5 4", msg),
			"this control is from an older version of nimtutor"},
		{"modal without data", &discordgo.Interaction{ID: "5", Type: discordgo.InteractionModalSubmit, Token: "t"},
			"this control is from an older version of nimtutor"},
		{"click without data", &discordgo.Interaction{ID: "5", Type: discordgo.InteractionMessageComponent, Token: "t"},
			"this control is from an older version of nimtutor"},
		{"unknown interaction type", &discordgo.Interaction{ID: "5", Type: 99, Token: "t"},
			"nimtutor does not handle interactions of type 99"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := r.Handle(context.Background(), tt.i)
			if want, ok := strings.CutPrefix(tt.want, "board: "); ok {
				if got.Type != discordgo.InteractionResponseUpdateMessage || len(got.Data.Embeds) == 0 || !strings.Contains(got.Data.Embeds[0].Description, want) {
					t.Fatalf("got type %v %+v, want the board again saying %q", got.Type, got.Data, want)
				}
				return
			}
			if got.Type != discordgo.InteractionResponseChannelMessageWithSource || got.Data.Flags != discordgo.MessageFlagsEphemeral {
				t.Fatalf("got type %v flags %v (%q), want an ephemeral message", got.Type, got.Data.Flags, got.Data.Content)
			}
			if !strings.Contains(got.Data.Content, tt.want) {
				t.Errorf("got %q, want it to contain %q", got.Data.Content, tt.want)
			}
			if strings.Contains(got.Data.Content, generic) {
				t.Errorf("bad input got the generic message: %q", got.Data.Content)
			}
		})
	}
}

// TestTypedMoveInLabelAndInRow plays the same move through the "Type a
// move" form as Discord sends it now (a Label) and as older clients did
// (an action row).
func TestTypedMoveInLabelAndInRow(t *testing.T) {
	for name, send := range map[string]func(user, customID, text string, msg *discordgo.Message) *discordgo.Interaction{
		"label": submit, "row": submitInRow,
	} {
		t.Run(name, func(t *testing.T) {
			r, clock := newTestRouter(t)
			game := r.Handle(context.Background(), command(student, "adapwns", "play", optPosition, "..P.P"))
			buttons, _ := allControls(t, game)
			msg := message(game, clock.t)
			form := r.Handle(context.Background(), click(student, buttons[len(buttons)-1].CustomID, msg))
			got := r.Handle(context.Background(), send(student, form.Data.CustomID, "3 1", msg))
			if got.Type != discordgo.InteractionResponseUpdateMessage || !strings.Contains(got.Data.Embeds[0].Description, "You move the piece on cell 3 to cell 1") {
				t.Errorf("got type %v %+v, want the move played", got.Type, got.Data)
			}
		})
	}
}

// TestCancelledWorkSaysWhy runs a command whose context is already
// cancelled, as when the process stops.
func TestCancelledWorkSaysWhy(t *testing.T) {
	r, _ := newTestRouter(t)
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errTestStopping)
	got := r.Handle(ctx, command(student, "adapwns", "verify", optPosition, strings.Repeat(".P", 40)))
	if !strings.Contains(got.Data.Content, "stopped before it finished (test is stopping)") || got.Data.Flags != discordgo.MessageFlagsEphemeral {
		t.Errorf("got %q, want a notice naming the cause", got.Data.Content)
	}
}

type stoppingError struct{}

func (stoppingError) Error() string { return "test is stopping" }

var errTestStopping = stoppingError{}

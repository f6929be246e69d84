package commands

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store"
)

// PracticeOpener opens the practice service, with its store, the first
// time a command needs it; commands that never touch the store never open it.
type PracticeOpener func(ctx context.Context) (*practice.Service, error)

// errNoStore answers a practice command on a router without a store.
var errNoStore = fault.New(fault.EInvalid, "practice", "practice needs a database, and this nimtutor has none configured")

// practice returns the practice service, opening it on first use.
func (r *Router) practice(ctx context.Context) (*practice.Service, error) {
	r.pracMu.Lock()
	defer r.pracMu.Unlock()
	if r.prac != nil {
		return r.prac, nil
	}
	if r.cfg.Practice == nil {
		return nil, errNoStore
	}
	svc, err := r.cfg.Practice(ctx)
	if err != nil {
		return nil, fmt.Errorf("opening the practice store: %w", err)
	}
	r.prac = svc
	return svc, nil
}

// options are a command's options by name.
type options map[string]*discordgo.ApplicationCommandInteractionDataOption

// str returns a string or user option, or "". readOptions has checked
// its type.
func (o options) str(name string) string {
	s, _ := o.value(name).(string)
	return s
}

// boolean returns a boolean option, or false. readOptions has checked its
// type.
func (o options) boolean(name string) bool {
	b, _ := o.value(name).(bool)
	return b
}

// value returns an option's value, or nil.
func (o options) value(name string) any {
	if x, ok := o[name]; ok {
		return x.Value
	}
	return nil
}

// Option names of the practice commands.
const (
	optGame  = "game"
	optTheme = "theme"
	optUser  = "user"
)

// topDefinitions returns the application commands of topCommands.
func topDefinitions() []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	for _, c := range topCommands {
		out = append(out, appCommand(c.name, c.description, c.options))
	}
	return out
}

// gameOption is the option that picks a game.
func gameOption(required bool) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: optGame, Description: "The game", Required: required, Choices: gameChoices(solver.Games()),
	}
}

// gameChoices offers games by name.
func gameChoices(games []solver.Game) []*discordgo.ApplicationCommandOptionChoice {
	var choices []*discordgo.ApplicationCommandOptionChoice
	for _, g := range games {
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: g.Name(), Value: g.Name()})
	}
	return choices
}

// themeOption offers every theme of every game.
func themeOption() *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: optTheme, Description: "Only puzzles that need this idea",
	}
	var seen []string
	for _, g := range solver.Games() {
		for _, t := range explain.Themes(g) {
			if !slices.Contains(seen, t) && len(seen) < maxSelectOptions {
				seen = append(seen, t)
				o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: t, Value: t})
			}
		}
	}
	return o
}

// practiceError turns what a learner did wrong into a message for them.
func practiceError(err error) error {
	if errors.Is(err, practice.ErrBadID) || errors.Is(err, store.ErrNotFound) {
		return errBadState
	}
	return err
}

// notYours answers a click on another learner's private controls.
func notYours(owner string) error {
	return fault.New(fault.EInvalid, "button", "these controls belong to <@%s>; use /practice for your own puzzle", owner)
}

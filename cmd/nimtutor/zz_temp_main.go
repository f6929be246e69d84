// This file is temporary: it lets the bot branch build and run on its own.
// The real main.go and newHandler come from the main branch; drop this file
// in the merge.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/bwmarrin/discordgo"
	"github.com/joho/godotenv"
	"github.com/nimtutor/nimtutor/bot"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := godotenv.Load(); err != nil && !errors.Is(err, os.ErrNotExist) {
		fmt.Fprintln(os.Stderr, "nimtutor: reading .env:", err)
		os.Exit(1)
	}
	cmds := map[string]func(context.Context, []string, io.Writer, io.Writer) error{
		"gateway":  runGateway,
		"http":     runHTTP,
		"register": runRegister,
	}
	if len(os.Args) < 2 || cmds[os.Args[1]] == nil {
		fmt.Fprintln(os.Stderr, "usage: nimtutor gateway|http|register")
		os.Exit(2)
	}
	if err := cmds[os.Args[1]](ctx, os.Args[2:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "nimtutor:", err)
		os.Exit(1)
	}
}

// newHandler is a stand-in for the commands.Router main.go will provide.
func newHandler() (bot.Handler, []*discordgo.ApplicationCommand) {
	return tempHandler{}, nil
}

// tempHandler answers every interaction with a short note.
type tempHandler struct{}

func (tempHandler) Handle(context.Context, *discordgo.Interaction) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "nimtutor's commands are not wired in yet.", Flags: discordgo.MessageFlagsEphemeral},
	}
}

func (tempHandler) Private(*discordgo.Interaction) bool { return true }

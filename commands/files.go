package commands

import (
	"bytes"
	"context"
	"errors"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
)

// Attachments downloads the files attached to a command. It is an outside
// dependency: package bot provides one that fetches only from Discord's
// attachment hosts, and the console one that reads local files.
type Attachments interface {
	// Download returns the content of a, which must be text of at most
	// limit bytes. Its errors are sentences for the person who attached
	// the file (what was wrong: too large, not text, too slow).
	Download(ctx context.Context, a *discordgo.MessageAttachment, limit int64) ([]byte, error)
}

// Size limits of attached files.
const (
	maxPositionFileBytes = 1 << 20
	maxJudgeFileBytes    = 8 << 20
)

// optPositionFile is the attachment option that carries a position too
// long for the text option.
const optPositionFile = "position_file"

// readPosition parses the position of g given by exactly one of the
// options position and position_file, with the first-player option.
func (r *Router) readPosition(ctx context.Context, i *discordgo.Interaction, g solver.Game, opts options) (solver.Position, error) {
	_, hasText := opts[optPosition]
	file, hasFile := opts[optPositionFile]
	switch {
	case hasText && hasFile:
		return nil, fault.New(fault.EInvalid, "position", "give the position either as text (position) or as a file (position_file), not both")
	case !hasText && !hasFile:
		return nil, fault.New(fault.EInvalid, "position", "give the position as text (position) or upload it as a text file (position_file)")
	case hasText:
		return solver.ParseFor(g, opts.str(optPosition), solver.ParseOptions{First: opts.str(optFirst)})
	}
	body, _, err := r.download(ctx, i, file, maxPositionFileBytes)
	if err != nil {
		return nil, err
	}
	pos, err := solver.ParseFor(g, string(body), solver.ParseOptions{First: opts.str(optFirst), Long: true})
	var ie *fault.Error
	if errors.As(err, &ie) && ie.Field == optPosition {
		return nil, fault.New(fault.EInvalid, optPositionFile, "%s", ie.Msg)
	}
	return pos, err
}

// download fetches the attachment an option names, at most limit bytes,
// and returns it with its file name.
func (r *Router) download(ctx context.Context, i *discordgo.Interaction, o *discordgo.ApplicationCommandInteractionDataOption, limit int64) ([]byte, string, error) {
	a := attachmentOf(i, o)
	if a == nil {
		return nil, "", fault.New(fault.EInvalid, o.Name, "the attached file is missing from the interaction; attach it again")
	}
	if r.cfg.Attachments == nil {
		return nil, "", fault.New(fault.EInvalid, o.Name, "files cannot be read here; give the position as text")
	}
	body, err := r.cfg.Attachments.Download(ctx, a, limit)
	if err != nil {
		return nil, "", fault.New(fault.EInvalid, o.Name, "%s", err.Error())
	}
	return bytes.TrimPrefix(body, []byte(solver.BOM)), a.Filename, nil
}

// attachmentOf returns the attachment an ATTACHMENT option refers to: the
// option's value is an id into the interaction's resolved attachments.
func attachmentOf(i *discordgo.Interaction, o *discordgo.ApplicationCommandInteractionDataOption) *discordgo.MessageAttachment {
	id, ok := o.Value.(string)
	if !ok || o.Type != discordgo.ApplicationCommandOptionAttachment {
		return nil
	}
	data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok || data.Resolved == nil {
		return nil
	}
	return data.Resolved.Attachments[id]
}

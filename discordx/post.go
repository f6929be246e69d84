package discordx

import (
	"time"

	"github.com/bwmarrin/discordgo"
)

// Post is a message for a channel that no interaction is waiting for (a
// study session's puzzle whose time ran out), and the ways the app may
// post it: as its bot user (POST /channels/{channel}/messages, which
// needs the bot in the server with View Channel and Send Messages there),
// or as a follow-up of an earlier interaction in that channel (POST
// /webhooks/{application}/{token}) while that interaction's token lasts
// (15 minutes from the interaction).
type Post struct {
	Channel string
	// AsBot says the bot user may post in Channel.
	AsBot bool
	// AppID and Token are the earlier interaction's; Until is when its
	// token stops being usable ("" Token: none).
	AppID, Token string
	Until        time.Time
	// Data is the message.
	Data *discordgo.InteractionResponseData
}

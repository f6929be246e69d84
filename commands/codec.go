package commands

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"math/big"
	"slices"

	"github.com/nimtutor/nimtutor/fault"
)

// packText packs a position's text into few bytes. The text's own set of
// characters is stored first, then every character as a digit in that
// base: a board of '.' and 'P' costs one bit a cell, a row of '.', 'A' and
// 'B' about 1.6. No game knowledge is needed.
func packText(text string) []byte {
	var alphabet []byte
	for i := 0; i < len(text); i++ {
		if !slices.Contains(alphabet, text[i]) {
			alphabet = append(alphabet, text[i])
		}
	}
	slices.Sort(alphabet)
	out := binary.AppendUvarint(nil, uint64(len(text)))
	out = append(out, byte(len(alphabet)))
	out = append(out, alphabet...)
	n, base := new(big.Int), big.NewInt(int64(max(len(alphabet), 1)))
	for i := len(text) - 1; i >= 0; i-- {
		n.Mul(n, base)
		n.Add(n, big.NewInt(int64(slices.Index(alphabet, text[i]))))
	}
	return append(out, n.Bytes()...)
}

// errBadState reports a custom_id or stored state that does not decode.
var errBadState = fault.New(fault.EExpired, "", "the button's data is damaged; run the command again.")

// unpackText reverses packText.
func unpackText(b []byte) (string, error) {
	length, k := binary.Uvarint(b)
	if k <= 0 || length > 1<<16 || len(b) < k+1 {
		return "", errBadState
	}
	b = b[k:]
	size := int(b[0])
	if size == 0 && length > 0 || len(b) < 1+size {
		return "", errBadState
	}
	alphabet, digits := b[1:1+size], b[1+size:]
	n, base := new(big.Int).SetBytes(digits), big.NewInt(int64(max(size, 1)))
	text := make([]byte, length)
	d := new(big.Int)
	for i := range text {
		n.DivMod(n, base, d)
		text[i] = alphabet[d.Int64()]
	}
	if n.Sign() != 0 {
		return "", errBadState
	}
	return string(text), nil
}

// b64 is the encoding used inside custom_ids: URL-safe, no padding.
var b64 = base64.RawURLEncoding

// signer signs and checks the state carried in custom_ids, so a forged
// custom_id cannot make the bot play from a position it never showed.
type signer struct{ key []byte }

// macLen is how many bytes of HMAC-SHA256 a custom_id carries.
const macLen = 6

func (s signer) mac(data string) string {
	h := hmac.New(sha256.New, s.key)
	h.Write([]byte(data))
	return b64.EncodeToString(h.Sum(nil)[:macLen])
}

// sign returns data followed by its signature.
func (s signer) sign(data string) string { return data + "~" + s.mac(data) }

// open checks a signed string and returns its data.
func (s signer) open(signed string) (string, error) {
	sigLen := b64.EncodedLen(macLen)
	if len(signed) < sigLen+1 || signed[len(signed)-sigLen-1] != '~' {
		return "", errBadState
	}
	data, sig := signed[:len(signed)-sigLen-1], signed[len(signed)-sigLen:]
	if !hmac.Equal([]byte(sig), []byte(s.mac(data))) {
		return "", errBadState
	}
	return data, nil
}

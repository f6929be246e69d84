package render

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"io"
	"sync"

	"github.com/klauspost/compress/flate"
)

// writePaletted writes img as an 8-bit paletted PNG file: every row
// unfiltered (a picture of flat colours gains nothing from filters), the
// rows compressed by deflate at its fastest level. It is image/png's
// output for the same picture, with a faster deflate (see EncodePNG).
// The zlib stream PNG wants around deflate (RFC 1950) is a two-byte
// header (deflate with a 32 KiB window, fastest compression), the deflate
// data, and the Adler-32 of what went in, computed by adler32Update,
// several times faster than hash/adler32.
func writePaletted(w io.Writer, img *image.Paletted) error {
	b := img.Bounds()
	if b.Dx() <= 0 || b.Dy() <= 0 || len(img.Palette) == 0 || len(img.Palette) > 256 {
		return fmt.Errorf("render: cannot write a %v picture with %d colours", b.Size(), len(img.Palette))
	}
	cw := chunkWriters.Get().(*chunkWriter)
	defer chunkWriters.Put(cw)
	cw.reset(w)
	cw.header(b.Dx(), b.Dy())
	cw.palette(img.Palette)

	cw.Write([]byte{0x78, 0x01})
	f := deflaters.Get().(*flate.Writer)
	defer deflaters.Put(f)
	f.Reset(cw)
	defer f.Reset(io.Discard)
	filter, adler := []byte{0}, uint32(1)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):][:b.Dx()]
		adler = adler32Update(adler32Update(adler, filter), row)
		if _, err := f.Write(filter); err != nil {
			return err
		}
		if _, err := f.Write(row); err != nil {
			return err
		}
	}
	if err := f.Close(); err != nil {
		return err
	}
	cw.Write(binary.BigEndian.AppendUint32(nil, adler))
	return cw.end()
}

// deflaters keeps deflate writers at the fastest level for reuse: each
// holds several hundred kilobytes of tables.
var deflaters = sync.Pool{New: func() any {
	f, _ := flate.NewWriter(io.Discard, flate.BestSpeed)
	return f
}}

// adlerMod and adlerBlock are Adler-32's modulus and the most bytes
// that can be summed before s2 might overflow 32 bits.
const (
	adlerMod   = 65521
	adlerBlock = 5552
)

// adler32Update adds p to the Adler-32 checksum adler, as hash/adler32
// does, eight bytes a step instead of one: for bytes b0..b7 (b0 first),
// s1 gains their sum and s2 gains 8*s1 plus 8*b0 + 7*b1 + ... + 1*b7.
// Both sums come from two multiplications over 16-bit lanes (the even
// bytes in one word, the odd in another): lane j of x times a word of
// weights puts the sum over j of lane j times weight 3-j in the top lane,
// with no carry from the lanes below, since no lane passes 5,100. Most
// of a picture is background, palette entry 0, and a zero word costs
// less still.
func adler32Update(adler uint32, p []byte) uint32 {
	const (
		lanes = 0x00ff00ff00ff00ff
		ones  = 0x0001000100010001
		even  = 2 | 4<<16 | 6<<32 | 8<<48 // weights of b6, b4, b2, b0
		odd   = 1 | 3<<16 | 5<<32 | 7<<48 // weights of b7, b5, b3, b1
	)
	s1, s2 := uint64(adler&0xffff), uint64(adler>>16)
	for len(p) > 0 {
		q := p[:min(len(p), adlerBlock)]
		p = p[len(q):]
		for len(q) >= 8 {
			w := binary.LittleEndian.Uint64(q)
			s2 += 8 * s1
			if w != 0 {
				e, o := w&lanes, w>>8&lanes
				s2 += e*even>>48 + o*odd>>48
				s1 += (e + o) * ones >> 48
			}
			q = q[8:]
		}
		for _, c := range q {
			s1 += uint64(c)
			s2 += s1
		}
		s1 %= adlerMod
		s2 %= adlerMod
	}
	return uint32(s2<<16 | s1)
}

// chunkWriters keeps chunk writers, with their IDAT buffers, for reuse.
var chunkWriters = sync.Pool{New: func() any { return &chunkWriter{w: bufio.NewWriterSize(nil, 4096)} }}

// idatSize is the most data one IDAT chunk holds.
const idatSize = 1 << 16

// chunkWriter writes the chunks of a PNG file to w, remembering the
// first error; its Write gathers compressed data into IDAT chunks.
type chunkWriter struct {
	w   *bufio.Writer
	err error
	buf []byte // IDAT data not yet written
}

func (c *chunkWriter) reset(w io.Writer) {
	c.w.Reset(w)
	c.err, c.buf = nil, c.buf[:0]
	c.write([]byte("\x89PNG\r\n\x1a\n"))
}

func (c *chunkWriter) write(p []byte) {
	if c.err == nil {
		_, c.err = c.w.Write(p)
	}
}

// chunk writes one chunk: length, type, data and the CRC of type and data.
func (c *chunkWriter) chunk(kind string, data []byte) {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], kind)
	crc := crc32.Update(crc32.ChecksumIEEE(head[4:]), crc32.IEEETable, data)
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], crc)
	c.write(head[:])
	c.write(data)
	c.write(tail[:])
}

// header writes IHDR: 8 bits a pixel, palette colour, no interlace.
func (c *chunkWriter) header(w, h int) {
	var d [13]byte
	binary.BigEndian.PutUint32(d[0:], uint32(w))
	binary.BigEndian.PutUint32(d[4:], uint32(h))
	d[8], d[9] = 8, 3
	c.chunk("IHDR", d[:])
}

// palette writes PLTE, and tRNS up to the last colour that is not opaque.
func (c *chunkWriter) palette(p color.Palette) {
	rgb := make([]byte, 0, 3*len(p))
	alpha := make([]byte, 0, len(p))
	lastSeeThrough := -1
	for i, col := range p {
		n := color.NRGBAModel.Convert(col).(color.NRGBA)
		rgb = append(rgb, n.R, n.G, n.B)
		alpha = append(alpha, n.A)
		if n.A != 0xff {
			lastSeeThrough = i
		}
	}
	c.chunk("PLTE", rgb)
	if lastSeeThrough >= 0 {
		c.chunk("tRNS", alpha[:lastSeeThrough+1])
	}
}

// Write is where the compressed rows go: it writes an IDAT chunk each
// time idatSize bytes have gathered.
func (c *chunkWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		k := min(len(p), idatSize-len(c.buf))
		c.buf = append(c.buf, p[:k]...)
		p = p[k:]
		if len(c.buf) == idatSize {
			c.chunk("IDAT", c.buf)
			c.buf = c.buf[:0]
		}
	}
	return n, c.err
}

// end writes what is left of the IDAT data, and IEND, and flushes.
func (c *chunkWriter) end() error {
	if len(c.buf) > 0 {
		c.chunk("IDAT", c.buf)
		c.buf = c.buf[:0]
	}
	c.chunk("IEND", nil)
	if c.err == nil {
		c.err = c.w.Flush()
	}
	c.w.Reset(io.Discard)
	return c.err
}

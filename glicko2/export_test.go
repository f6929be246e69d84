package glicko2

// Expected returns the score p expects against o: the probability that p
// wins, on the familiar scale. Only the tests use it.
func Expected(p, o Rating) float64 {
	return expect((p.Rating-1500)/scale, (o.Rating-1500)/scale, o.RD/scale)
}

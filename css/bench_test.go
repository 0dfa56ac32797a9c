package css

import "testing"

// BenchmarkDeclarationBlock parses a style attribute into longhands, as the cascade does
// when an element's style attribute changes.
func BenchmarkDeclarationBlock(b *testing.B) {
	const src = "margin: 0 auto; padding: 2px 4px; border: 1px solid #ccc; color: rgb(1, 2, 3); " +
		"font-size: 13px; transform: translateX(10px); transition: opacity 1s ease-in 200ms, left 2s"
	b.ReportAllocs()
	var out []Declaration
	for i := 0; i < b.N; i++ {
		out = ParseDeclarationBlock(src, out[:0])
	}
}

// BenchmarkNormalizeSpecified is el.style.x = v's value normalisation.
func BenchmarkNormalizeSpecified(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		NormalizeSpecified("border-color", "#0f08 red")
		NormalizeSpecified("margin", "0 10%")
		NormalizeSpecified("display", "NONE")
	}
}

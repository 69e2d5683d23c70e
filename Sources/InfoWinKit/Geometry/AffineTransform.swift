#if canImport(Glibc)
import Glibc
#endif

/// A 2-D affine transform: (x, y) ↦ (a·x + c·y + tx, b·x + d·y + ty).
struct AffineTransform: Hashable, Sendable {
    /// Matrix terms.
    package var a, b, c, d, tx, ty: Double

    /// The transform that changes nothing.
    static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Makes a transform from its terms.
    package init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// A move by (x, y).
    static func translation(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A turn by `degrees`, clockwise on screen (y points down).
    package static func rotation(degrees: Double) -> AffineTransform {
        let radians = degrees * .pi / 180
        let cosine = cos(radians), sine = sin(radians)
        return AffineTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// `self` applied first, then `next`.
    package func then(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * next.a + b * next.c, b: a * next.b + b * next.d,
            c: c * next.a + d * next.c, d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx, ty: tx * next.b + ty * next.d + next.ty)
    }

    /// Where `point` goes.
    package func apply(_ point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The transform that undoes this one, or nil when it flattens the plane.
    var inverted: AffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0 else { return nil }
        let ia = d / determinant, ib = -b / determinant, ic = -c / determinant, id = a / determinant
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }
}

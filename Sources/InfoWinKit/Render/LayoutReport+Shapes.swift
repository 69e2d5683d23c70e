extension LayoutReport {
    /// One shape (SPEC.md, "Shapes"), as the report lists it.
    public struct Shape: Sendable, Equatable {
        /// Its `id`, or where the spec declares it (`polylines[0]`).
        public var id: String
        /// `polyline`, `polygon`, `circle` or `groundOverlay`.
        public var kind: String
        /// What it draws, its stroke included, in output pixels (it may reach beyond the image).
        public var frame: Frame
        /// A hash of the shape as the spec gives it: a change of colour or pattern changes it.
        public var digest: String
    }
}

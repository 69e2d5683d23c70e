extension LayoutReport {
    /// One shape (SPEC.md, "Shapes"), as the report lists it.
    package struct Shape: Sendable, Equatable {
        /// Its `id`, or where the spec declares it (`polylines[0]`).
        package var id: String
        /// `polyline`, `polygon`, `circle` or `groundOverlay`.
        package var kind: String
        /// What it draws, its stroke included, in output pixels (it may reach beyond the image).
        package var frame: Frame
        /// A hash of the shape as the spec gives it: a change of colour or pattern changes it.
        package var digest: String
    }
}

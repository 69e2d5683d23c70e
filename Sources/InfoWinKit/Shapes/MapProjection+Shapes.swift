extension MapProjection {
    /// From world points of zoom 0 (`ShapeOutline`) to canvas points, in the copy of the world that puts
    /// `reference` nearest the camera's target.
    func canvasTransform(near reference: Point) -> AffineTransform {
        let factor = worldSize / ShapeOutline.worldSize
        let turns = ((reference.x * factor - targetWorld.x) / worldSize).rounded()
        return AffineTransform(a: factor, b: 0, c: 0, d: factor, tx: -targetWorld.x - turns * worldSize, ty: -targetWorld.y)
            .then(.rotation(degrees: -camera.bearing)).then(.translation(x: center.x, y: center.y))
    }
}

import InfoWinKit

/// `infowin hit SPEC --at X,Y`.
struct HitCommand: Command {
    static let name = "hit"
    static let summary = "tell what a tap at a canvas point hits: the open window or its close button, a marker, or the map"
    static let usage = "infowin hit SPEC --at X,Y [--select ID] [options]"
    static let discussion = """
        Prints, as JSON, what a tap at canvas point X,Y (in points, origin top-left) hits in the state the
        spec describes: {"kind": "closeButton" | "infoWindow" | "marker" | "map", "marker": "id",
        "coordinate": {…}}. The open window's close button (the web look's ×) is tested first, then the
        window (its tail included), the topmost window first when showInfoWindows shows several, then
        markers from the top of the z-order by their icon rectangles
        (rotation and anchors taken into account exactly), else the map; "marker" is given for all but
        the map, "coordinate" (the map coordinate under the point) always.
        """
    static let options = [
        OptionSpec(names: ["--at"], valueName: "X,Y", help: "the canvas point in points, like 195,120"),
        OptionSpec(names: ["--select"], valueName: "ID", help: "open this marker's window first (overrides selectedMarker)"),
    ] + CommonOptions.layout

    let specPath: String
    let x: Double
    let y: Double
    let select: String?
    let settings: RenderSettings

    init(_ arguments: ParsedArguments) throws(UsageError) {
        specPath = try arguments.oneSpec()
        let at = try arguments.required("--at", missing: "missing --at X,Y")
        let parts = at.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else {
            throw UsageError(message: "--at: expected two numbers X,Y (like 195,120), got '\(at)'")
        }
        (self.x, self.y) = (x, y)
        select = arguments.value("--select")
        settings = try CommonOptions.settings(arguments)
    }

    func run() -> ExitStatus {
        do {
            let spec = try settings.loadSpec(specPath)
            guard (0...spec.map.width).contains(x), (0...spec.map.height).contains(y) else {
                Console.error(
                    "infowin hit: --at: the point \(Format.number(x)),\(Format.number(y)) is off the canvas, which is "
                        + "\(Format.number(spec.map.width)) × \(Format.number(spec.map.height)) points")
                return .usage
            }
            guard let selection = CommonOptions.selection(select, in: spec, command: Self.name) else { return .usage }
            let hit = try ScenarioPlayer(renderer: Renderer(), scale: settings.drawing.scale)
                .hit(spec, at: Point(x: x, y: y), selection: selection)
            Console.document(JSONWriter.writeCompact(hit.json))
            return .success
        } catch {
            Console.error(error.message)
            return .failure
        }
    }
}

import Foundation
import InfoWinTestSupport
import Testing

/// `Examples/serve/`'s manifests hold to the server they deploy: every option they give is one `infowin
/// serve --help` lists, their ports are the one serve listens on, their probes are paths serve answers 200,
/// every path they give is on a volume they mount, and nginx caches what serve says may be cached.
@Suite(.serialized) struct ServeManifestTests {
    static let folder = CLI.repository.appendingPathComponent("Examples/serve")

    /// Every YAML document of the example `name`, read by PyYAML and handed over as JSON.
    static func documents(_ name: String) throws -> [[String: Any]] {
        let script = "import sys, json, yaml; print(json.dumps([d for d in yaml.safe_load_all(open(sys.argv[1])) if d]))"
        let result = try CLI.run(["-c", script, folder.appendingPathComponent(name).path], executable: URL(fileURLWithPath: Tools.python))
        try #require(result.status == 0, "\(name): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutText.utf8)) as? [[String: Any]])
    }

    static func document(_ documents: [[String: Any]], kind: String) throws -> [String: Any] {
        try #require(documents.first { $0["kind"] as? String == kind }, "no \(kind)")
    }

    /// The options `infowin serve --help` lists, each with whether it takes a value.
    static func serveOptions() throws -> [String: Bool] {
        let help = try CLI.run(["serve", "--help"]).stdoutText
        var options: [String: Bool] = [:]
        for line in help.split(separator: "\n") where line.hasPrefix("  --") {
            let head = line.dropFirst(2).components(separatedBy: "  ")[0].split(separator: " ")
            options[String(head[0])] = head.count > 1
        }
        return options
    }

    /// `args` read as serve reads them: the command, then each option with its values.
    static func arguments(_ args: [String], options: [String: Bool]) -> (command: String?, values: [String: [String]], unknown: [String]) {
        var values: [String: [String]] = [:], unknown: [String] = [], index = 1
        while index < args.count {
            let name = args[index]
            guard let takesValue = options[name] else {
                unknown.append(name)
                index += 1
                continue
            }
            values[name, default: []].append(takesValue && index + 1 < args.count ? args[index + 1] : "")
            index += takesValue ? 2 : 1
        }
        return (args.first, values, unknown)
    }

    /// The container of a pod spec, its arguments checked against serve's options.
    static func container(_ podSpec: [String: Any]) throws -> (container: [String: Any], values: [String: [String]]) {
        let container = try #require((podSpec["containers"] as? [[String: Any]])?.first)
        let args = try #require(container["args"] as? [String])
        let read = arguments(args, options: try serveOptions())
        #expect(read.command == "serve", "the image's entrypoint is infowin: its arguments start with serve")
        #expect(read.unknown.isEmpty, "options infowin serve does not have: \(read.unknown)")
        for (option, given) in read.values { #expect(!given.contains(""), "\(option) is given no value") }
        return (container, read.values)
    }

    /// The paths serve reads or writes: inside the asset roots (the basemap, the style files), and each on a
    /// volume mounted (or under /tmp, a container's own writable folder).
    static func checkPaths(_ values: [String: [String]], mounts: [String]) {
        let roots = values["--asset-root"] ?? []
        let styleFiles = (values["--map-id"] ?? []).compactMap { $0.split(separator: "=", maxSplits: 1).last.map(String.init) }
            .filter { $0.hasPrefix("/") } + (values["--style"] ?? []).filter { $0.hasPrefix("/") }
        for file in (values["--basemap"] ?? []) + styleFiles {
            #expect(roots.contains { file.hasPrefix($0 + "/") }, "\(file) is outside the --asset-roots \(roots)")
        }
        let paths = roots + (values["--basemap"] ?? []) + styleFiles + (values["--tile-cache"] ?? [])
        for path in paths {
            #expect(path.hasPrefix("/tmp/") || mounts.contains { path == $0 || path.hasPrefix($0 + "/") }, "\(path) is on no volume mounted (\(mounts))")
        }
    }

    /// The probes' paths, each answered 200 by a running server.
    static func checkProbes(_ container: [String: Any], port: Any?, names: [String]) throws {
        var paths: [String] = []
        for name in names {
            let probe = try #require((container[name] as? [String: Any])?["httpGet"] as? [String: Any], "no \(name)")
            paths.append(try #require(probe["path"] as? String))
            #expect(String(describing: probe["port"] ?? "") == String(describing: port ?? "-"), "\(name) asks another port: \(probe)")
        }
        try Serve.with(["--workers", "1"]) { serverPort, _ in
            for path in paths {
                let answer = try RawHTTP.request(port: serverPort, "GET", path)
                #expect(answer.status == 200, "\(path)")
            }
        }
    }

    @Test(.enabled(if: Tools.pyYAML, "PyYAML (python3-yaml) is not installed (make test installs it)"))
    func theKubernetesManifestsPortsProbesOptionsAndVolumesAreTheServers() throws {
        let documents = try Self.documents("kubernetes.yaml")
        #expect(documents.map { $0["kind"] as? String ?? "" } == ["Deployment", "PersistentVolumeClaim", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"])
        let deployment = try Self.document(documents, kind: "Deployment")
        let spec = try #require(deployment["spec"] as? [String: Any])
        let template = try #require(spec["template"] as? [String: Any])
        let labels = try #require((template["metadata"] as? [String: Any])?["labels"] as? [String: String])
        let podSpec = try #require(template["spec"] as? [String: Any])
        let (container, values) = try Self.container(podSpec)
        // serve's port, as --listen gives it, is the container's, the probes' and the Service's.
        let listen = try #require(values["--listen"]?.first)
        let port = try #require(Int(listen.split(separator: ":").last ?? ""))
        let ports = try #require(container["ports"] as? [[String: Any]])
        #expect(ports.first?["containerPort"] as? Int == port)
        let portName = ports.first?["name"] as? String
        try Self.checkProbes(container, port: portName, names: ["readinessProbe", "livenessProbe"])
        let readiness = (container["readinessProbe"] as? [String: Any])?["httpGet"] as? [String: Any]
        #expect(readiness?["path"] as? String == "/readyz", "ready once every worker has its fonts")
        let resources = container["resources"] as? [String: Any]
        #expect(resources?["requests"] != nil && resources?["limits"] != nil)
        let service = try Self.document(documents, kind: "Service")
        let servicePorts = (service["spec"] as? [String: Any])?["ports"] as? [[String: Any]]
        #expect(servicePorts?.first?["targetPort"] as? String == portName)
        // Every mount names a volume; the basemap is a claim made here, the styles a ConfigMap.
        let mounts = try #require(container["volumeMounts"] as? [[String: Any]])
        let volumes = try #require(podSpec["volumes"] as? [[String: Any]])
        for mount in mounts { #expect(volumes.contains { $0["name"] as? String == mount["name"] as? String }, "\(mount)") }
        Self.checkPaths(values, mounts: mounts.compactMap { $0["mountPath"] as? String })
        func volume(holding path: String) -> [String: Any]? {
            let mount = mounts.first { path.hasPrefix(($0["mountPath"] as? String ?? "-") + "/") }
            return volumes.first { $0["name"] as? String == mount?["name"] as? String }
        }
        let basemap = try #require(values["--basemap"]?.first)
        let claim = (volume(holding: basemap)?["persistentVolumeClaim"] as? [String: Any])?["claimName"] as? String
        let claims = documents.filter { $0["kind"] as? String == "PersistentVolumeClaim" }.compactMap { ($0["metadata"] as? [String: Any])?["name"] as? String }
        #expect(claim != nil && claims.contains(claim ?? ""), "the basemap is on the claim made here: \(String(describing: claim))")
        let style = try #require(values["--map-id"]?.first?.split(separator: "=").last.map(String.init))
        #expect(volume(holding: style)?["configMap"] != nil, "the styles come from a ConfigMap")
        // The autoscaler and the disruption budget are the Deployment's.
        let name = (deployment["metadata"] as? [String: Any])?["name"] as? String
        let hpa = (try Self.document(documents, kind: "HorizontalPodAutoscaler")["spec"] as? [String: Any]) ?? [:]
        #expect((hpa["scaleTargetRef"] as? [String: Any])?["name"] as? String == name)
        let budget = (try Self.document(documents, kind: "PodDisruptionBudget")["spec"] as? [String: Any]) ?? [:]
        #expect((budget["selector"] as? [String: Any])?["matchLabels"] as? [String: String] == labels)
        #expect((budget["maxUnavailable"] as? Int ?? 99) < (hpa["minReplicas"] as? Int ?? 0), "a drain leaves a replica answering")
    }

    @Test(.enabled(if: Tools.pyYAML, "PyYAML (python3-yaml) is not installed (make test installs it)"))
    func theCloudRunServiceListensOnPORTAndItsProbesAndOptionsAreTheServers() throws {
        let documents = try Self.documents("cloud-run.yaml")
        let service = try Self.document(documents, kind: "Service")
        #expect(service["apiVersion"] as? String == "serving.knative.dev/v1")
        let template = try #require((service["spec"] as? [String: Any])?["template"] as? [String: Any])
        let podSpec = try #require(template["spec"] as? [String: Any])
        let (container, values) = try Self.container(podSpec)
        // Cloud Run sets PORT to the container port; serve listens on 0.0.0.0:$PORT when --listen is not given.
        #expect(values["--listen"] == nil, "the platform's PORT names the port")
        let env = container["env"] as? [[String: Any]] ?? []
        #expect(!env.contains { $0["name"] as? String == "PORT" }, "PORT is the platform's to set")
        let port = (container["ports"] as? [[String: Any]])?.first?["containerPort"] as? Int
        #expect(port == 8080)
        try Self.checkProbes(container, port: port, names: ["startupProbe", "livenessProbe"])
        let mounts = (container["volumeMounts"] as? [[String: Any]] ?? []).compactMap { $0["mountPath"] as? String }
        Self.checkPaths(values, mounts: mounts)
        // The image's entrypoint is infowin, its default port the one Cloud Run is told.
        let containerfile = try String(contentsOf: CLI.repository.appendingPathComponent("Containerfile"), encoding: .utf8)
        #expect(containerfile.contains("ENTRYPOINT [\"infowin\"]") && containerfile.contains("EXPOSE \(port ?? 0)"))
    }

    @Test func theNginxConfigurationProxiesToServeAndCachesByItsStrongETag() throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("nginx.conf"), encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") }
        func directives(_ name: String) -> [String] {
            lines.filter { $0.hasPrefix(name + " ") }.map { String($0.dropFirst(name.count + 1).dropLast($0.hasSuffix(";") ? 1 : 0)) }
        }
        // The upstream is serve where the systemd unit has it listen.
        let unit = try String(contentsOf: Self.folder.appendingPathComponent("infowin-serve.service"), encoding: .utf8)
        let listen = try #require(unit.split(separator: "\n").first { $0.hasPrefix("ExecStart=") }?.components(separatedBy: "--listen ").last?.split(separator: " ").first)
        #expect(directives("server").contains(String(listen)), "upstream \(directives("server")), serve on \(listen)")
        // What is cached: /staticmap's GET answers, by URL and Accept (serve's Vary), revalidated with If-None-Match.
        #expect(directives("proxy_cache_revalidate") == ["on"])
        let key = try #require(directives("proxy_cache_key").first)
        #expect(key.contains("$request_uri") && key.contains("$http_accept"), "\(key)")
        #expect(directives("proxy_cache_valid").contains { $0.hasPrefix("200") })
        #expect(directives("proxy_cache_methods").allSatisfy { !$0.contains("POST") })
        #expect(!directives("proxy_ignore_headers").contains { $0.contains("Cache-Control") }, "private answers stay uncached")
        // Every location is one of serve's endpoints.
        let locations = lines.filter { $0.hasPrefix("location ") }
        #expect(locations.contains("location = /staticmap {") && locations.contains("location = /render {"), "\(locations)")
        try Serve.with(["--workers", "1"]) { port, _ in
            for path in ["/staticmap?size=10x10&center=0,0&zoom=1", "/healthz", "/readyz", "/metrics"] {
                let answer = try RawHTTP.request(port: port, "GET", path)
                #expect(answer.status == 200, "\(path)")
            }
            let render = try RawHTTP.request(port: port, "POST", "/render", headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
            #expect(render.status != 404)
        }
    }
}

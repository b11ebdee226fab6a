import Switchyard

// The `"animations"` entries of the app description format as `Codable` conformances, read strictly
// through `RouteSchema` like the rest of the description.

extension AnimationMotion: Codable {
    private enum Keys: String, CodingKey, CaseIterable { case slide, keyframes }

    /// Decodes `{"slide": "left"}` (an edge: left, right, top, bottom) or `{"keyframes": [...]}` (at least one
    /// keyframe); exactly one of the two.
    public init(from decoder: any Decoder) throws {
        let o = try SchemaObject(decoder, Keys.self)
        if o.has(.slide), o.has(.keyframes) { throw o.refuse(.keyframes, "give either slide or keyframes, not both") }
        if let edge = try o.choice(.slide, what: "edge", names: AnimationEdge.allCases.map(\.rawValue), parse: {
            AnimationEdge(rawValue: $0.lowercased())
        }) {
            self = .slide(from: edge)
            return
        }
        guard o.has(.keyframes) else {
            throw RouteFileError(SchemaPath.render(decoder.codingPath), "missing \"slide\" or \"keyframes\"")
        }
        let frames = try o.decode([AnimationKeyframe].self, .keyframes)
        if frames.isEmpty { throw o.refuse(.keyframes, "needs at least one keyframe") }
        self = .keyframes(frames)
    }

    /// Encodes the shape it decodes; the built-in cross-fade and immediate motions encode as one
    /// keyframe list each (their built-in names are what descriptions use).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .slide(let edge): try c.encode(edge.rawValue, forKey: .slide)
        case .keyframes(let frames): try c.encode(frames, forKey: .keyframes)
        case .crossFade:
            try c.encode([AnimationKeyframe(outgoing: AnimationOffset(), dimmed: true),
                          AnimationKeyframe(incoming: AnimationOffset(), dimmed: true)],
                         forKey: .keyframes)
        case .immediate: try c.encode([AnimationKeyframe(incoming: AnimationOffset())], forKey: .keyframes)
        }
    }
}

extension AnimationKeyframe: Codable {
    private enum Keys: String, CodingKey, CaseIterable { case outgoing, incoming, incomingOnTop, dimmed }

    /// Decodes `{"outgoing": {"x", "y"}, "incoming": {"x", "y"}, "incomingOnTop": true, "dimmed": false}`;
    /// every key is optional (a screen not given is not drawn; the incoming screen is on top by default).
    public init(from decoder: any Decoder) throws {
        let o = try SchemaObject(decoder, Keys.self)
        self.init(outgoing: try o.decodeIfPresent(AnimationOffset.self, .outgoing),
                  incoming: try o.decodeIfPresent(AnimationOffset.self, .incoming),
                  incomingOnTop: try o.decodeIfPresent(Bool.self, .incomingOnTop) ?? true,
                  dimmed: try o.decodeIfPresent(Bool.self, .dimmed) ?? false)
    }

    /// Encodes the shape it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encodeIfPresent(outgoing, forKey: .outgoing)
        try c.encodeIfPresent(incoming, forKey: .incoming)
        try c.encode(incomingOnTop, forKey: .incomingOnTop)
        try c.encode(dimmed, forKey: .dimmed)
    }
}

extension AnimationOffset: Codable {
    private enum Keys: String, CodingKey, CaseIterable { case x, y }

    /// Decodes `{"x": 0.5, "y": 0}`: fractions of the area between -1 and 1, both optional (0).
    public init(from decoder: any Decoder) throws {
        let o = try SchemaObject(decoder, Keys.self)
        let x = try o.decodeIfPresent(Double.self, .x) ?? 0
        let y = try o.decodeIfPresent(Double.self, .y) ?? 0
        if !(-1...1).contains(x) { throw o.refuse(.x, "must be between -1 and 1, got \(x)") }
        if !(-1...1).contains(y) { throw o.refuse(.y, "must be between -1 and 1, got \(y)") }
        self.init(x: x, y: y)
    }

    /// Encodes the shape it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
    }
}

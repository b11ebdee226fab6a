extension Animation {
    /// Reads an animation by name (`slideFromRight`, `fromLeft`, `fade`, `none`…), case-insensitively.
    /// The exit names of pops and dismisses (`slideToRight`…) read as the animation they reverse.
    public init?(name: String) {
        switch name.lowercased() {
        case "slidefromright", "fromright", "right", "slidetoright", "toright": self = .slideFromRight
        case "slidefromleft", "fromleft", "left", "slidetoleft", "toleft": self = .slideFromLeft
        case "slidefromtop", "fromtop", "top", "slidetotop", "totop": self = .slideFromTop
        case "slidefrombottom", "frombottom", "bottom", "slidetobottom", "tobottom": self = .slideFromBottom
        case "fade": self = .fade
        case "none": self = Animation.none
        default: return nil
        }
    }
}

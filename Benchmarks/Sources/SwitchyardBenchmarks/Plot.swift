import Foundation

/// An SVG line chart of median time per lookup against table size, log–log, written by the harness.
enum Plot {
    static func svg(_ report: Report) -> String {
        let width = 760.0, height = 460.0
        let left = 80.0, right = 190.0, top = 40.0, bottom = 60.0
        let plotW = width - left - right, plotH = height - top - bottom
        let sizes = report.sizes.map { Double($0.routes) }
        struct Series { let name: String; let color: String; let dashed: Bool; let points: [(Double, Double)] }
        func points(_ pick: (Report.SizeResult) -> Double) -> [(Double, Double)] {
            report.sizes.map { (Double($0.routes), pick($0)) }.filter { $0.1.isFinite && $0.1 > 0 }
        }
        let series = [
            Series(name: "Switchyard hit", color: "#1f6feb", dashed: false, points: points { $0.hitNs.switchyard }),
            Series(name: "Switchyard miss", color: "#1f6feb", dashed: true, points: points { $0.missNs.switchyard }),
            Series(name: "floor hit", color: "#2da44e", dashed: false, points: points { $0.hitNs.floor }),
            Series(name: "floor miss", color: "#2da44e", dashed: true, points: points { $0.missNs.floor }),
            Series(name: "RoutingKit hit", color: "#d1242f", dashed: false, points: points { $0.hitNs.routingKit }),
            Series(name: "RoutingKit miss", color: "#d1242f", dashed: true, points: points { $0.missNs.routingKit }),
            Series(name: "Hummingbird hit", color: "#bc4c00", dashed: false, points: points { $0.hitNs.hummingbird }),
            Series(name: "Hummingbird miss", color: "#bc4c00", dashed: true, points: points { $0.missNs.hummingbird }),
            Series(name: "regex scan hit", color: "#8250df", dashed: false, points: points { $0.hitNs.regexScan }),
            Series(name: "regex scan miss", color: "#8250df", dashed: true, points: points { $0.missNs.regexScan }),
        ]
        let ys = series.flatMap { $0.points.map(\.1) }
        let yMin = pow(10, floor(log10(ys.min() ?? 10)))
        let yMax = pow(10, ceil(log10(ys.max() ?? 1e6)))
        let xMin = pow(10, floor(log10(sizes.min() ?? 100)))
        let xMax = pow(10, ceil(log10(sizes.max() ?? 1e5)))
        func x(_ v: Double) -> Double { left + (log10(v) - log10(xMin)) / (log10(xMax) - log10(xMin)) * plotW }
        func y(_ v: Double) -> Double { top + plotH - (log10(v) - log10(yMin)) / (log10(yMax) - log10(yMin)) * plotH }
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        var out: [String] = []
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
                   + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">")
        out.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>")
        out.append("<text x=\"\(f(left))\" y=\"22\" font-size=\"14\">Median time per lookup against table size (\(report.settings.mode) run, "
                   + "load \(report.machine.loadAverageAtStart))</text>")
        var decade = yMin
        while decade <= yMax * 1.0001 {
            let yy = y(decade)
            out.append("<line x1=\"\(f(left))\" y1=\"\(f(yy))\" x2=\"\(f(left + plotW))\" y2=\"\(f(yy))\" stroke=\"#ddd\"/>")
            out.append("<text x=\"\(f(left - 6))\" y=\"\(f(yy + 4))\" text-anchor=\"end\">\(label(decade))</text>")
            decade *= 10
        }
        decade = xMin
        while decade <= xMax * 1.0001 {
            let xx = x(decade)
            out.append("<line x1=\"\(f(xx))\" y1=\"\(f(top))\" x2=\"\(f(xx))\" y2=\"\(f(top + plotH))\" stroke=\"#ddd\"/>")
            out.append("<text x=\"\(f(xx))\" y=\"\(f(top + plotH + 18))\" text-anchor=\"middle\">\(Report.grouped(Int(decade)))</text>")
            decade *= 10
        }
        out.append("<text x=\"\(f(left + plotW / 2))\" y=\"\(f(height - 16))\" text-anchor=\"middle\">routes in the table (log scale)</text>")
        out.append("<text transform=\"translate(18 \(f(top + plotH / 2))) rotate(-90)\" text-anchor=\"middle\">ns per lookup (log scale)</text>")
        out.append("<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotW))\" height=\"\(f(plotH))\" fill=\"none\" stroke=\"#444\"/>")
        for (i, s) in series.enumerated() where !s.points.isEmpty {
            let path = s.points.map { "\(f(x($0.0))),\(f(y($0.1)))" }.joined(separator: " ")
            let dash = s.dashed ? " stroke-dasharray=\"6 4\"" : ""
            out.append("<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(s.color)\" stroke-width=\"2\"\(dash)/>")
            for p in s.points {
                out.append("<circle cx=\"\(f(x(p.0)))\" cy=\"\(f(y(p.1)))\" r=\"3\" fill=\"\(s.color)\"/>")
            }
            let ly = top + 10 + Double(i) * 20
            out.append("<line x1=\"\(f(left + plotW + 14))\" y1=\"\(f(ly))\" x2=\"\(f(left + plotW + 44))\" y2=\"\(f(ly))\" "
                       + "stroke=\"\(s.color)\" stroke-width=\"2\"\(dash)/>")
            out.append("<text x=\"\(f(left + plotW + 50))\" y=\"\(f(ly + 4))\">\(s.name)</text>")
        }
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    private static func label(_ ns: Double) -> String {
        if ns >= 1e6 { return Report.grouped(Int(ns / 1e6)) + " ms" }
        if ns >= 1e3 { return Report.grouped(Int(ns / 1e3)) + " µs" }
        return Report.grouped(Int(ns)) + " ns"
    }
}

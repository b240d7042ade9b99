import PopGestureCore

/// A static HTML page with its style inline: opened from a CI artifact or a file, it needs no server,
/// script or other file.
enum HTMLPage {
    static func render(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8"/>
        <title>\(xmlEscaped(title))</title>
        <style>
        body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; font-size: 14px; margin: 24px; color: #111; }
        h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 28px; }
        table { border-collapse: collapse; margin: 12px 0; }
        th, td { border: 1px solid #bbb; padding: 4px 8px; text-align: left; vertical-align: top; }
        th { background: #eee; }
        .failed { color: #a33f00; font-weight: bold; } .error { color: #7a0000; font-weight: bold; } .passed { color: #00664a; } .unchecked { color: #7a5c00; }
        .summary span { display: inline-block; margin-right: 18px; font-size: 16px; }
        pre { white-space: pre-wrap; background: #f6f6f6; padding: 8px; border: 1px solid #ddd; }
        figure { margin: 12px 0; }
        figure svg { max-width: 100%; height: auto; }
        </style>
        </head>
        <body>
        \(body)</body>
        </html>

        """
    }
}

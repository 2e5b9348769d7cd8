import Foundation

/// Import: upload the Health app's export.zip; the script sends it to `/dashboard/api/import` (the API's import,
/// streamed to disk, all or nothing) with an upload progress bar, then follows the job to its summary.
enum ImportPage {
    static func page() -> DashboardPage {
        let body = """
            <p class="lead">Upload the <code>export.zip</code> the Health app makes (Profile → Export All Health \
            Data). Samples already here are skipped, so importing the same export twice adds nothing.</p>\
            <form id="import-form" class="controls">\
            <label>Export file <input type="file" name="export" id="import-file" accept=".zip,.xml" required></label>\
            <button type="submit">Import</button></form>\
            <noscript><p>The upload needs JavaScript; without it, use <code>ohk import</code>.</p></noscript>\
            <div id="import-progress" hidden>\
            <label for="upload-bar">Upload</label> <progress id="upload-bar" max="100" value="0"></progress>\
            <label for="import-bar">Import</label> <progress id="import-bar" max="100" value="0"></progress>\
            <p id="import-status" role="status" aria-live="polite"></p></div>\
            <section id="import-summary" aria-live="polite" hidden><h2>Summary</h2><dl class="facts"></dl></section>
            """
        return DashboardPage(title: "Import", section: .import, body: body)
    }
}

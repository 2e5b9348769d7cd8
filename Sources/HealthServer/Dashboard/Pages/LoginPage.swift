import Foundation

/// The login form: a person pastes their own token (`ohk server add-token PERSON`); `ohk dashboard` prints a
/// one-time link that logs in without it.
enum LoginPage {
    static func page(next: String, problem: String? = nil) -> DashboardPage {
        var body = ""
        if let problem { body += "<p class=\"error\" role=\"alert\">\(HTML.text(problem))</p>" }
        body += """
            <form method="post" action="/dashboard/login" class="login">\
            <label for="token">Your token</label>\
            <input id="token" name="token" type="password" autocomplete="current-password" required \
            placeholder="ohk_…">\
            <input type="hidden" name="next" value="\(HTML.text(next))">\
            <button type="submit">Log in</button></form>\
            <p class="note">Log in with your own token (not an app's). Your browser keeps a session cookie only; \
            the token is not stored in it.</p>
            """
        return DashboardPage(title: "Log in", section: nil, body: body)
    }
}

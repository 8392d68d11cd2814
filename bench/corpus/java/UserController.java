package com.acme.portal.web;

import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletResponse;

import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.util.HtmlUtils;

import com.acme.portal.security.TokenService;

@Controller
@RequestMapping("/users")
public class UserController {

    private static final Set<String> SORTABLE = Set.of("last_name", "created_at", "email");

    private final JdbcTemplate jdbc;
    private final TokenService tokens;

    public UserController(JdbcTemplate jdbc, TokenService tokens) {
        this.jdbc = jdbc;
        this.tokens = tokens;
    }

    @GetMapping(value = "/search", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    public List<Map<String, Object>> search(@RequestParam String lastName,
                                            @RequestParam(defaultValue = "last_name") String sort) {
        String orderBy = SORTABLE.contains(sort) ? sort : "last_name";
        String sql = "SELECT id, first_name, last_name, email FROM users WHERE last_name LIKE '"
                + lastName + "%' ORDER BY " + orderBy;
        // expect: CWE-89
        return jdbc.queryForList(sql);
    }

    @GetMapping(value = "/by-email", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    public Map<String, Object> byEmail(@RequestParam String email) {
        return jdbc.queryForMap("SELECT id, first_name, last_name FROM users WHERE email = ?", email);
    }

    @GetMapping(value = "/{id}/roles", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    public List<String> roles(@PathVariable String id) {
        // expect: CWE-89
        return jdbc.queryForList("SELECT role FROM user_roles WHERE user_id = " + id, String.class);
    }

    @GetMapping(value = "/{id}/groups", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    public List<String> groups(@PathVariable long id) {
        return jdbc.queryForList("SELECT g.name FROM groups g JOIN user_groups ug ON ug.group_id = g.id WHERE ug.user_id = ?",
                String.class, id);
    }

    @GetMapping(value = "/greeting", produces = MediaType.TEXT_HTML_VALUE)
    @ResponseBody
    public String greeting(@RequestParam(defaultValue = "guest") String name) {
        // expect: CWE-79
        return "<html><body><h1>Hello, " + name + "!</h1></body></html>";
    }

    @GetMapping(value = "/farewell", produces = MediaType.TEXT_HTML_VALUE)
    @ResponseBody
    public String farewell(@RequestParam(defaultValue = "guest") String name) {
        return "<html><body><h1>Goodbye, " + HtmlUtils.htmlEscape(name) + "!</h1></body></html>";
    }

    @PostMapping("/login-complete")
    public String loginComplete(@RequestParam String userId,
                                @RequestParam(required = false) String continueUrl,
                                HttpServletResponse response) {
        Cookie remember = new Cookie("REMEMBER_ME", tokens.issueRememberMeToken(userId));
        remember.setHttpOnly(true);
        remember.setMaxAge(14 * 24 * 3600);
        remember.setPath("/");
        // expect: CWE-614
        response.addCookie(remember);
        if (continueUrl != null && !continueUrl.isBlank()) {
            // expect: CWE-601
            return "redirect:" + continueUrl;
        }
        return "redirect:/dashboard";
    }

    @GetMapping("/switch-locale")
    public String switchLocale(@RequestParam String locale, @RequestParam(defaultValue = "/") String back,
                               HttpServletResponse response) {
        Cookie c = new Cookie("LOCALE", locale.matches("[a-z]{2}(_[A-Z]{2})?") ? locale : "en");
        c.setSecure(true);
        c.setHttpOnly(true);
        c.setPath("/");
        response.addCookie(c);
        boolean local = back.startsWith("/") && !back.startsWith("//") && !back.contains("\\");
        return "redirect:" + (local ? back : "/");
    }
}

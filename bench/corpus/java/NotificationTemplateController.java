package com.acme.crm.notifications;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;

import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import javax.script.ScriptException;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletResponse;

import org.apache.velocity.VelocityContext;
import org.apache.velocity.app.Velocity;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;

import freemarker.template.Configuration;
import freemarker.template.Template;
import freemarker.template.TemplateException;

@RestController
@RequestMapping("/api/notifications")
public class NotificationTemplateController {

    private static final Map<String, Object> SAMPLE = Map.of(
            "firstName", "Dana", "orderId", "SO-88123", "total", "129.90");

    private final Configuration freemarker;
    private final TemplateEngine thymeleaf;

    public NotificationTemplateController(Configuration freemarker, TemplateEngine thymeleaf) {
        this.freemarker = freemarker;
        this.thymeleaf = thymeleaf;
    }

    /** Live preview while an admin edits an e-mail template (Velocity syntax). */
    @PostMapping(value = "/preview/velocity", produces = MediaType.TEXT_PLAIN_VALUE)
    public String previewVelocity(@RequestBody Map<String, String> body) {
        VelocityContext ctx = new VelocityContext(SAMPLE);
        StringWriter out = new StringWriter();
        // expect: CWE-1336
        Velocity.evaluate(ctx, out, "preview", body.get("template"));
        return out.toString();
    }

    /** Same for the newer FreeMarker-based templates. */
    @PostMapping(value = "/preview/freemarker", produces = MediaType.TEXT_PLAIN_VALUE)
    public String previewFreemarker(@RequestBody Map<String, String> body) throws IOException, TemplateException {
        String source = body.getOrDefault("template", "");
        // expect: CWE-1336
        Template template = new Template("preview", new StringReader(source), freemarker);
        StringWriter out = new StringWriter();
        template.process(SAMPLE, out);
        return out.toString();
    }

    /** Stock templates shipped with the product: only the variables come from the request. */
    @PostMapping(value = "/preview/stock", produces = MediaType.TEXT_HTML_VALUE)
    public String previewStock(@RequestParam String name, @RequestParam(defaultValue = "Dana") String firstName) {
        String templateName = switch (name) {
            case "welcome" -> "mail/welcome";
            case "shipped" -> "mail/shipped";
            default -> "mail/generic";
        };
        Context ctx = new Context();
        ctx.setVariable("firstName", firstName);
        return thymeleaf.process(templateName, ctx);
    }

    /** Discount rules such as "total > 100 ? 0.1 : 0" configured by marketing. */
    @PostMapping("/discount/evaluate")
    public Object evaluateDiscount(@RequestParam String rule, @RequestParam double total) throws ScriptException {
        ScriptEngine engine = new ScriptEngineManager().getEngineByName("javascript");
        engine.put("total", total);
        // expect: CWE-95
        return engine.eval(rule);
    }

    /** Issues the short-lived session that authenticates the preview iframe. */
    @PostMapping("/preview-session")
    public Map<String, String> previewSession(@RequestParam String templateId, HttpServletResponse response) {
        byte[] raw = new byte[32];
        new SecureRandom().nextBytes(raw);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
        Cookie session = new Cookie("PREVIEW_SESSION", token);
        session.setSecure(true);
        session.setHttpOnly(false);
        session.setPath("/api/notifications/preview");
        // expect: CWE-1004
        response.addCookie(session);
        Cookie lang = new Cookie("UI_LANG", "en");
        lang.setSecure(true);
        response.addCookie(lang);
        return Map.of("templateId", templateId, "status", "ready");
    }
}

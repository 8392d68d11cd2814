package com.acme.marketing.web;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.URI;
import java.util.Map;
import java.util.Set;

import freemarker.template.Configuration;
import freemarker.template.Template;
import freemarker.template.TemplateException;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.expression.Expression;
import org.springframework.expression.ExpressionParser;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.expression.spel.support.SimpleEvaluationContext;
import org.springframework.expression.spel.support.StandardEvaluationContext;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.*;

@Controller
@RequestMapping("/campaigns")
public class CampaignPreviewController {

    private static final Set<String> REDIRECT_HOSTS = Set.of("app.acme-mail.com", "help.acme-mail.com");

    private final Configuration freemarker;
    private final CampaignRepository campaigns;
    private final ExpressionParser spel = new SpelExpressionParser();

    public CampaignPreviewController(Configuration freemarker, CampaignRepository campaigns) {
        this.freemarker = freemarker;
        this.campaigns = campaigns;
    }

    /** Marketers paste their own email body (FreeMarker syntax) and preview it. */
    @PostMapping("/preview")
    @ResponseBody
    public ResponseEntity<String> preview(@RequestParam String body, @RequestParam(defaultValue = "Sam") String firstName)
            throws IOException, TemplateException {
        // expect: CWE-1336
        Template t = new Template("preview", new StringReader(body), freemarker);
        StringWriter out = new StringWriter();
        t.process(Map.of("firstName", firstName, "unsubscribe", "https://app.acme-mail.com/u/preview"), out);
        return ResponseEntity.ok().header("Content-Type", "text/html; charset=UTF-8").body(out.toString());
    }

    @GetMapping("/{id}")
    public String show(@PathVariable long id, Model model) {
        model.addAttribute("campaign", campaigns.findById(id).orElseThrow());
        return "campaigns/show";
    }

    /**
     * Audience rules like: "age > 30 and country == 'DE'". Evaluated against each
     * contact during segmentation.
     */
    @PostMapping("/segments/test")
    @ResponseBody
    public Map<String, Object> testSegment(@RequestBody Map<String, Object> req) {
        String rule = String.valueOf(req.get("rule"));
        @SuppressWarnings("unchecked")
        Map<String, Object> contact = (Map<String, Object>) req.getOrDefault("contact", Map.of());
        StandardEvaluationContext ctx = new StandardEvaluationContext(contact);
        ctx.addPropertyAccessor(new org.springframework.context.expression.MapAccessor());
        Expression expr = spel.parseExpression(rule);
        // expect: CWE-94
        Object result = expr.getValue(ctx);
        return Map.of("matches", Boolean.TRUE.equals(result));
    }

    @PostMapping("/segments/test-restricted")
    @ResponseBody
    public Map<String, Object> testSegmentRestricted(@RequestBody Map<String, Object> req) {
        String rule = String.valueOf(req.get("rule"));
        @SuppressWarnings("unchecked")
        Map<String, Object> contact = (Map<String, Object>) req.getOrDefault("contact", Map.of());
        SimpleEvaluationContext ctx = SimpleEvaluationContext
                .forPropertyAccessors(new org.springframework.context.expression.MapAccessor())
                .build();
        Object result = spel.parseExpression(rule).getValue(ctx, contact);
        return Map.of("matches", Boolean.TRUE.equals(result));
    }

    @GetMapping("/click")
    public void trackClick(@RequestParam long campaignId, @RequestParam String to, HttpServletResponse response)
            throws IOException {
        campaigns.recordClick(campaignId);
        // expect: CWE-601
        response.sendRedirect(to);
    }

    @GetMapping("/help")
    public String help(@RequestParam(required = false) String topic) {
        if (topic != null) {
            URI target = URI.create("https://help.acme-mail.com/").resolve(topic.replaceAll("[^a-z0-9-]", ""));
            if (REDIRECT_HOSTS.contains(target.getHost())) {
                return "redirect:" + target;
            }
        }
        return "redirect:/campaigns";
    }
}

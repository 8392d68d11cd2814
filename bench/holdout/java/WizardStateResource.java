package com.acme.insurance.quotes.api;

import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;

/**
 * Multi-step quote wizard. The partially filled form is kept client-side so the
 * user can resume from another tab without us holding server state.
 */
@Path("/quotes/wizard")
public class WizardStateResource {

    public static class WizardState implements Serializable {
        private static final long serialVersionUID = 3L;
        public int step;
        public Map<String, String> answers = new HashMap<>();
    }

    private static final SecureRandom RNG = new SecureRandom();
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    QuoteRepository quotes;

    static String encode(WizardState state) throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ObjectOutputStream oos = new ObjectOutputStream(bos)) {
            oos.writeObject(state);
        }
        return Base64.getUrlEncoder().encodeToString(bos.toByteArray());
    }

    static WizardState decode(String cookieValue) throws IOException, ClassNotFoundException {
        byte[] raw = Base64.getUrlDecoder().decode(cookieValue);
        try (ObjectInputStream ois = new ObjectInputStream(new ByteArrayInputStream(raw))) {
            // expect: CWE-502
            return (WizardState) ois.readObject();
        }
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response current(@CookieParam("wizard_state") String stateCookie) {
        if (stateCookie == null) {
            return Response.ok(new WizardState()).build();
        }
        try {
            return Response.ok(decode(stateCookie)).build();
        } catch (IOException | ClassNotFoundException | ClassCastException e) {
            return Response.status(400).entity(Map.of("error", "corrupt state")).build();
        }
    }

    @POST
    @Path("/step")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response saveStep(@CookieParam("wizard_state") String stateCookie, Map<String, String> answers) throws Exception {
        WizardState state = stateCookie == null ? new WizardState() : decode(stateCookie);
        state.step++;
        state.answers.putAll(answers);
        // expect: CWE-614
        NewCookie cookie = new NewCookie.Builder("wizard_state").value(encode(state)).path("/quotes").httpOnly(true).maxAge(3600).build();
        return Response.ok(Map.of("step", state.step)).cookie(cookie).build();
    }

    @POST
    @Path("/import")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response importJson(String body) throws IOException {
        WizardState state = JSON.readValue(body, WizardState.class);
        NewCookie cookie = new NewCookie.Builder("wizard_state").value(encode(state)).path("/quotes")
                .secure(true).httpOnly(true).sameSite(NewCookie.SameSite.STRICT).build();
        return Response.noContent().cookie(cookie).build();
    }

    @POST
    @Path("/submit")
    @Produces(MediaType.APPLICATION_JSON)
    public Response submit(@CookieParam("wizard_state") String stateCookie) throws Exception {
        WizardState state = decode(stateCookie);
        byte[] ref = new byte[9];
        RNG.nextBytes(ref);
        String quoteRef = Base64.getUrlEncoder().withoutPadding().encodeToString(ref);
        String resumeToken = quotes.save(quoteRef, state.answers);
        // expect: CWE-1004
        NewCookie resume = new NewCookie.Builder("quote_resume").value(resumeToken).path("/").secure(true).httpOnly(false).build();
        return Response.ok(Map.of("quoteRef", quoteRef)).cookie(resume).build();
    }
}

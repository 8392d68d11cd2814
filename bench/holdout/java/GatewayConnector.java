package com.acme.fieldapp.net;

import android.content.Context;
import android.content.SharedPreferences;
import android.util.Base64;
import android.util.Log;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;

import javax.crypto.Cipher;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.DESKeySpec;
import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLSession;

/**
 * Talks to the on-site gateway from the technician app and caches the
 * gateway credentials in SharedPreferences.
 */
public class GatewayConnector {

    private static final String TAG = "GatewayConnector";
    private static final String PREFS = "gateway_prefs";
    private static final String CLOUD_BASE = "https://api.fieldapp.example.com";
    // expect: CWE-798
    private static final String CLOUD_API_KEY = "fk_live_8Qm2ZrT5wXc9Lp3Vb6Nd1Hy4";

    private final Context context;
    private final SecureRandom random = new SecureRandom();

    public GatewayConnector(Context context) {
        this.context = context.getApplicationContext();
    }

    private byte[] deviceKey() {
        SharedPreferences prefs = context.getSharedPreferences(PREFS, Context.MODE_PRIVATE);
        String k = prefs.getString("device_key", null);
        if (k == null) {
            byte[] fresh = new byte[8];
            random.nextBytes(fresh);
            k = Base64.encodeToString(fresh, Base64.NO_WRAP);
            prefs.edit().putString("device_key", k).apply();
        }
        return Base64.decode(k, Base64.NO_WRAP);
    }

    public void storeGatewayPassword(String gatewayId, String password) throws GeneralSecurityException {
        SecretKeyFactory kf = SecretKeyFactory.getInstance("DES");
        // expect: CWE-327
        Cipher cipher = Cipher.getInstance("DES/ECB/PKCS5Padding");
        cipher.init(Cipher.ENCRYPT_MODE, kf.generateSecret(new DESKeySpec(deviceKey())));
        String sealed = Base64.encodeToString(cipher.doFinal(password.getBytes(StandardCharsets.UTF_8)), Base64.NO_WRAP);
        context.getSharedPreferences(PREFS, Context.MODE_PRIVATE).edit().putString("gw_" + gatewayId, sealed).apply();
    }

    public String fetchGatewayStatus(String gatewayHost) throws IOException {
        URL url = new URL("https://" + gatewayHost + "/api/v1/status");
        HttpsURLConnection conn = (HttpsURLConnection) url.openConnection();
        // expect: CWE-295
        conn.setHostnameVerifier((hostname, session) -> true);
        conn.setConnectTimeout(4000);
        conn.setReadTimeout(4000);
        try (BufferedReader r = new BufferedReader(new InputStreamReader(conn.getInputStream(), StandardCharsets.UTF_8))) {
            StringBuilder sb = new StringBuilder();
            String line;
            while ((line = r.readLine()) != null) {
                sb.append(line);
            }
            return sb.toString();
        } finally {
            conn.disconnect();
        }
    }

    public int uploadReport(String json) throws IOException {
        HttpsURLConnection conn = (HttpsURLConnection) new URL(CLOUD_BASE + "/v2/reports").openConnection();
        conn.setRequestMethod("POST");
        conn.setDoOutput(true);
        conn.setRequestProperty("Content-Type", "application/json");
        conn.setRequestProperty("X-Api-Key", CLOUD_API_KEY);
        try (OutputStream os = conn.getOutputStream()) {
            os.write(json.getBytes(StandardCharsets.UTF_8));
        }
        int code = conn.getResponseCode();
        Log.d(TAG, "report upload -> " + code);
        return code;
    }

    public long nextPollDelayMillis() {
        return 15_000 + (long) (Math.random() * 5_000);
    }
}

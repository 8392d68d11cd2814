package com.acme.intranet.directory;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;

import javax.naming.Context;
import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.directory.Attributes;
import javax.naming.directory.DirContext;
import javax.naming.directory.InitialDirContext;
import javax.naming.directory.SearchControls;
import javax.naming.directory.SearchResult;

/**
 * Thin JNDI wrapper around the corporate OpenLDAP directory.
 */
public class LdapDirectoryClient {

    private static final String LDAP_URL = "ldaps://ldap.corp.acme.example:636";
    private static final String BASE_DN = "ou=people,dc=acme,dc=example";
    private static final String SERVICE_DN = "cn=intranet-reader,ou=services,dc=acme,dc=example";
    // expect: CWE-798
    private static final String SERVICE_PASSWORD = "R3ader!Acme#2024";

    private DirContext connect() throws NamingException {
        Hashtable<String, String> env = new Hashtable<>();
        env.put(Context.INITIAL_CONTEXT_FACTORY, "com.sun.jndi.ldap.LdapCtxFactory");
        env.put(Context.PROVIDER_URL, LDAP_URL);
        env.put(Context.SECURITY_AUTHENTICATION, "simple");
        env.put(Context.SECURITY_PRINCIPAL, SERVICE_DN);
        env.put(Context.SECURITY_CREDENTIALS, SERVICE_PASSWORD);
        env.put("com.sun.jndi.ldap.connect.timeout", "3000");
        return new InitialDirContext(env);
    }

    private static SearchControls subtree(String... attrs) {
        SearchControls sc = new SearchControls();
        sc.setSearchScope(SearchControls.SUBTREE_SCOPE);
        sc.setReturningAttributes(attrs);
        sc.setCountLimit(100);
        return sc;
    }

    /** Used by the login form to locate the user's DN before binding as them. */
    public String findUserDn(String username) throws NamingException {
        DirContext ctx = connect();
        try {
            String filter = "(&(objectClass=inetOrgPerson)(uid=" + username + "))";
            // expect: CWE-90
            NamingEnumeration<SearchResult> results = ctx.search(BASE_DN, filter, subtree("uid"));
            return results.hasMore() ? results.next().getNameInNamespace() : null;
        } finally {
            ctx.close();
        }
    }

    /** Phone-book search. */
    public List<String> phoneBook(String surname, String city) throws NamingException {
        DirContext ctx = connect();
        List<String> out = new ArrayList<>();
        try {
            NamingEnumeration<SearchResult> results = ctx.search(
                    BASE_DN, "(&(objectClass=inetOrgPerson)(sn={0}*)(l={1}))",
                    new Object[] {surname, city}, subtree("cn", "telephoneNumber"));
            while (results.hasMore()) {
                Attributes a = results.next().getAttributes();
                out.add(a.get("cn").get() + " " + (a.get("telephoneNumber") != null ? a.get("telephoneNumber").get() : ""));
            }
        } finally {
            ctx.close();
        }
        return out;
    }

    /** Members of a project team, by team code and optional role. */
    public List<String> teamMembers(String teamCode, String role) throws NamingException {
        StringBuilder filter = new StringBuilder("(&(objectClass=inetOrgPerson)");
        filter.append("(departmentNumber=").append(teamCode).append(")");
        if (role != null && !role.isEmpty()) {
            filter.append("(title=").append(role).append(")");
        }
        filter.append(")");
        DirContext ctx = connect();
        List<String> members = new ArrayList<>();
        try {
            // expect: CWE-90
            NamingEnumeration<SearchResult> results = ctx.search(BASE_DN, filter.toString(), subtree("cn"));
            while (results.hasMore()) {
                members.add(String.valueOf(results.next().getAttributes().get("cn").get()));
            }
        } finally {
            ctx.close();
        }
        return members;
    }

    /** Escapes RFC 4515 special characters. */
    static String escapeFilter(String value) {
        StringBuilder sb = new StringBuilder();
        for (char c : value.toCharArray()) {
            switch (c) {
                case '\\': sb.append("\\5c"); break;
                case '*': sb.append("\\2a"); break;
                case '(': sb.append("\\28"); break;
                case ')': sb.append("\\29"); break;
                case '\0': sb.append("\\00"); break;
                default: sb.append(c);
            }
        }
        return sb.toString();
    }

    public boolean exists(String mail) throws NamingException {
        DirContext ctx = connect();
        try {
            String filter = "(mail=" + escapeFilter(mail) + ")";
            return ctx.search(BASE_DN, filter, subtree("mail")).hasMore();
        } finally {
            ctx.close();
        }
    }
}

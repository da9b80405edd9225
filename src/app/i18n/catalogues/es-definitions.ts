/**
 * Spanish for the keys derived from the entity definitions (definition-keys.ts). A test fails
 * when a definition gains a field, option or related list that is not translated here.
 */
const STATUS = { draft: "Borrador", placed: "Realizado", paid: "Pagado", shipped: "Enviado", delivered: "Entregado", cancelled: "Cancelado", refunded: "Reembolsado" };

const titles = (list: string, singular: string) => ({ list, create: `Crear ${singular}`, edit: `Editar ${singular}`, show: `Ver ${singular}` });

export const ES_DEFINITIONS = {
  entities: {
    orders: {
      label: "Pedidos",
      singular: "Pedido",
      fields: {
        number: { label: "Número" },
        customerId: { label: "Cliente" },
        assigneeId: { label: "Responsable", referenceMessage: "Debe ser un administrador, gerente o agente activo" },
        items: { label: "Artículos" },
        total: { label: "Total" },
        status: { label: "Estado", options: STATUS },
        notes: { label: "Notas" },
        placedAt: { label: "Realizado" },
        paidAt: { label: "Pagado" },
        shippedAt: { label: "Enviado" },
        deliveredAt: { label: "Entregado" },
        cancelledAt: { label: "Cancelado" },
        refundedAt: { label: "Reembolsado" },
        reason: { label: "Motivo" },
      },
    },
    customers: {
      label: "Clientes",
      singular: "Cliente",
      fields: {
        name: { label: "Nombre" },
        email: { label: "Correo electrónico" },
        phone: { label: "Teléfono", patternMessage: "Solo dígitos, espacios, ( ) y -, de 7 a 20 caracteres, con un + inicial opcional" },
        company: { label: "Empresa" },
        tier: { label: "Nivel", options: { standard: "Estándar", silver: "Plata", gold: "Oro" } },
        creditLimit: { label: "Límite de crédito" },
        ownerId: { label: "Propietario", referenceMessage: "Debe ser un agente o gerente activo" },
        notes: { label: "Notas" },
      },
      related: { orders_customerId: "Pedidos" },
    },
    products: {
      label: "Productos",
      singular: "Producto",
      fields: {
        sku: { label: "SKU", patternMessage: "De 3 a 20 letras mayúsculas, dígitos o -, sin empezar por -" },
        name: { label: "Nombre" },
        categoryId: { label: "Categoría" },
        price: { label: "Precio" },
        cost: { label: "Coste" },
        stock: { label: "Existencias" },
        status: { label: "Estado", options: { draft: "Borrador", active: "Activo", archived: "Archivado" } },
        description: { label: "Descripción" },
      },
    },
    categories: {
      label: "Categorías",
      singular: "Categoría",
      fields: { name: { label: "Nombre" }, description: { label: "Descripción" } },
      related: { products_categoryId: "Productos" },
    },
    staff: {
      label: "Personal",
      singular: "Empleado",
      fields: {
        name: { label: "Nombre" },
        email: { label: "Correo electrónico" },
        role: { label: "Rol", options: { admin: "Administrador", manager: "Gerente", agent: "Agente", auditor: "Auditor" } },
        active: { label: "Activo" },
        lastLoginAt: { label: "Último acceso" },
        password: { label: "Contraseña", help: "Contraseña inicial; el empleado la cambia en su perfil." },
      },
      related: { customers_ownerId: "Clientes propios", orders_assigneeId: "Pedidos asignados" },
    },
    "audit-events": {
      label: "Registro de auditoría",
      singular: "Evento de auditoría",
      fields: {
        at: { label: "Fecha" },
        actorId: { label: "Autor" },
        actorName: { label: "Nombre del autor" },
        action: {
          label: "Acción",
          options: {
            create: "Creación",
            update: "Modificación",
            delete: "Eliminación",
            transition: "Transición",
            login: "Inicio de sesión",
            login_failed: "Inicio de sesión fallido",
            logout: "Cierre de sesión",
            password_change: "Cambio de contraseña",
          },
        },
        resource: {
          label: "Recurso",
          options: { staff: "Personal", customers: "Clientes", categories: "Categorías", products: "Productos", orders: "Pedidos", auth: "Autenticación" },
        },
        recordId: { label: "Registro" },
        email: { label: "Correo intentado" },
        changes: { label: "Cambios" },
        ip: { label: "Dirección" },
      },
    },
  },
  systemFields: { id: { label: "ID" }, createdAt: { label: "Creado" }, updatedAt: { label: "Actualizado" }, version: { label: "Versión" } },
  orders: { orders: "Pedidos", titles: titles("Pedidos", "pedido") },
  customers: { customers: "Clientes", titles: titles("Clientes", "cliente") },
  products: { products: "Productos", titles: titles("Productos", "producto") },
  categories: { categories: "Categorías", titles: titles("Categorías", "categoría") },
  staff: { staff: "Personal", titles: titles("Personal", "empleado") },
  "audit-events": { "audit-events": "Registro de auditoría", titles: titles("Registro de auditoría", "evento de auditoría") },
};
